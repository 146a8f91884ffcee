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

/** What the log shows for a body it could not redact. */
export const TOO_DEEP = '(not shown: nested too deeply to redact)';

function shortened(text: string): string {
  return `${text.slice(0, MAX_BODY_CHARS)}… (${text.length} characters in all, the first ${MAX_BODY_CHARS} shown)`;
}

/**
 * A body as the log keeps it: secret fields replaced, credential values scrubbed wherever
 * they appear (object keys too), and a body too large to keep whole cut to its beginning.
 */
function cleaned(value: unknown, redactor: Redactor): unknown {
  let text: string;
  try {
    text = redactor.text(JSON.stringify(redactor.json(value)) ?? 'null');
  } catch (error) {
    // The redactor walks the value recursively: a body nested deeper than the stack allows
    // (the service refuses it by its limits) cannot be scrubbed, so none of it is shown, but
    // the call still appears in the log.
    if (error instanceof RangeError) return TOO_DEEP;
    throw error;
  }
  if (text.length > MAX_BODY_CHARS) return shortened(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A scrubbed value that JSON escapes would have left the text unparsable: keep it as text.
    return text;
  }
}

/** The request body: JSON when it is, its text otherwise. */
function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type Listener = (exchange: Exchange) => void;

/** The most recent API calls with their bodies, and whoever watches them arrive. */
export class RequestLog {
  private readonly ring: Exchange[] = [];
  private readonly listeners = new Set<Listener>();
  private seq = 0;

  record(entry: JournalEntry, details: ExchangeDetails): void {
    const redactor = new Redactor().add(...details.secrets);
    const exchange: Exchange = {
      ...entry,
      seq: ++this.seq,
      ...(details.auth !== undefined && { auth: details.auth }),
      latencyMs: Math.round(details.latencyMs * 10) / 10,
      ...(details.requestBody !== undefined &&
        details.requestBody.trim() !== '' && {
          request: cleaned(parsedBody(details.requestBody), redactor),
        }),
      ...(details.response !== undefined && { response: cleaned(details.response, redactor) }),
      decisions: details.decisions.map((d) => ({
        ...d,
        subject: redactor.text(d.subject),
        reason: redactor.text(d.reason),
      })),
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
