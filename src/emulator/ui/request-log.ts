import { Redactor } from '../../http/redact.js';
import type { AuthLevel } from '../../catalogue/types.js';
import type { JournalEntry } from '../journal.js';
import type { Decision } from './decisions.js';

/** One API call as the requests view shows it: the journal's facts, bodies and decisions. */
export interface Exchange extends JournalEntry {
  /** Numbers the calls of this run; a reconnecting stream resumes after the last it saw. */
  seq: number;
  auth?: AuthLevel;
  latencyMs: number;
  /** The bodies with secrets redacted: JSON values, or text when the body was not JSON. */
  request?: unknown;
  response?: unknown;
  decisions: Decision[];
}

/** What the server knows of a call besides its journal entry. */
export interface ExchangeDetails {
  auth?: AuthLevel;
  latencyMs: number;
  requestBody?: string;
  response?: unknown;
  decisions: Decision[];
  /** Credential values the call carried: scrubbed wherever they appear in the bodies. */
  secrets: readonly (string | undefined)[];
}

const CAPACITY = 300;
/** A body longer than this is kept as its beginning: the log holds many calls in memory. */
const MAX_BODY_CHARS = 16 * 1024;

function shortened(text: string): string {
  if (text.length <= MAX_BODY_CHARS) return text;
  return `${text.slice(0, MAX_BODY_CHARS)}… (${text.length} characters in all, the first ${MAX_BODY_CHARS} shown)`;
}

function redactedRequest(text: string, redactor: Redactor): unknown {
  if (text.trim() === '') return undefined;
  try {
    return redactor.json(JSON.parse(text));
  } catch {
    return shortened(redactor.text(text));
  }
}

/** A JSON value too large to keep whole becomes the beginning of its text. */
function bounded(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text !== undefined && text.length > MAX_BODY_CHARS ? shortened(text) : value;
}

type Listener = (exchange: Exchange) => void;

/** The most recent API calls with their bodies, and whoever watches them arrive. */
export class RequestLog {
  private readonly ring: Exchange[] = [];
  private readonly listeners = new Set<Listener>();
  private seq = 0;

  record(entry: JournalEntry, details: ExchangeDetails): void {
    const redactor = new Redactor().add(...details.secrets);
    const request =
      details.requestBody === undefined
        ? undefined
        : redactedRequest(details.requestBody, redactor);
    const exchange: Exchange = {
      ...entry,
      seq: ++this.seq,
      ...(details.auth !== undefined && { auth: details.auth }),
      latencyMs: Math.round(details.latencyMs * 10) / 10,
      ...(request !== undefined && { request: bounded(request) }),
      ...(details.response !== undefined && {
        response: bounded(redactor.json(details.response)),
      }),
      decisions: details.decisions,
    };
    this.ring.push(exchange);
    if (this.ring.length > CAPACITY) this.ring.shift();
    for (const listener of this.listeners) listener(exchange);
  }

  /** The calls kept, oldest first, after `afterSeq` when given. */
  since(afterSeq = 0): Exchange[] {
    return this.ring.filter((e) => e.seq > afterSeq);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
