import type { HttpClient } from '../http/client.js';
import { mask, replaceSecretFields, type Redactor } from '../http/redact.js';
import type { AuditEntry, AuditLog, Outcome } from './audit.js';
import type { ConfirmationTokens } from './confirmation.js';
import type { ToolResult } from './results.js';

/** What every call shares: the one HTTP client, the token issuer, and how to show secrets. */
export interface Runtime {
  /** The one HTTP client, made when the first call needs it. */
  client: () => Promise<HttpClient>;
  redactor: Redactor;
  tokens: ConfirmationTokens;
  /**
   * `--allow-destructive`: the calls of a tool that replace data only sometimes
   * (`replacesSome`) are confirmed; without it they are refused.
   */
  allowDestructive?: boolean;
  /** `--reveal-secrets`: tokens in results are shown in clear. */
  revealSecrets: boolean;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  audit: AuditLog;
  /** Adds to an error the advice the CLI gives with it (credentials an emulator forgot). */
  explain?: (error: unknown) => Promise<unknown>;
  /** Where the calls go: named in every question put to the person. */
  target: { baseUrl: string; workspaceId?: string };
}

/**
 * The channel to the person at the client, when the client declared form elicitation: a
 * destructive call asks them, and the model neither sees the question nor gives the answer.
 */
export interface PersonChannel {
  /** The state the question carried, back with the answer; undefined until one was asked. */
  state?: string;
  /** What the person answered: `accept` only when they ticked the confirmation too. */
  reply?: 'accept' | 'decline' | 'cancel';
  /** Set once the person accepted, for the audit line of the call that then acts. */
  answered?: 'accepted';
}

/** A question for the person, and the state that comes back with their answer. */
export interface Question {
  question: string;
  state: string;
}

export function isQuestion(answer: ToolResult | Question): answer is Question {
  return !Array.isArray((answer as ToolResult).content);
}

/** What one call has of its own: its cancellation, and a way to report progress. */
export interface CallContext {
  signal: AbortSignal;
  progress: (update: JobProgress) => Promise<void>;
  /**
   * The call carried a good confirmation token: its destructive request may pass the
   * client's confirmation gate, which refuses every other.
   */
  confirmed?: boolean;
  /** Present when the client can ask the person (form elicitation). */
  person?: PersonChannel;
}

export interface Answer {
  result: ToolResult | Question;
  outcome: Outcome;
  reason?: string;
  /** How the person answered, on the round that carried their answer. */
  person?: AuditEntry['person'];
}

/** Secrets in a result, masked unless `--reveal-secrets`; known credentials scrubbed too. */
export function shown(rt: Runtime, value: unknown): unknown {
  if (rt.revealSecrets) return value;
  return replaceSecretFields(value, mask, (text) => rt.redactor.text(text));
}

/** A progress notification's content: `progress` only ever grows. */
export interface JobProgress {
  progress: number;
  total?: number;
  message: string;
}
