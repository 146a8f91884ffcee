import type { ErrorStatus } from './errors.js';

export interface JournalEntry {
  /** Epoch milliseconds. */
  time: number;
  method: string;
  path: string;
  /** 0 when the connection was dropped without an answer (fault injection). */
  httpStatus: number;
  /** `error.status` of the answer, when it was an error. */
  errorStatus?: ErrorStatus;
  /** Catalogue name of the operation the path belongs to. */
  operation?: string;
  /** The workspace the request was authenticated for or concerned, when known. */
  workspaceId?: string;
  /**
   * How many items a bulk request carried, once its body was read and valid: a client's
   * tests count what it sent, and so what it sent twice.
   */
  items?: number;
  /** What fault injection did to it (`latency 40ms`, `status 503`, `drop-after`). */
  fault?: string;
}

const JOURNAL_CAPACITY = 1000;

/** The most recent API requests, oldest first, in a fixed-size ring. */
export class Journal {
  private readonly ring: (JournalEntry | undefined)[];
  private next = 0;

  constructor(private readonly capacity = JOURNAL_CAPACITY) {
    this.ring = new Array<JournalEntry | undefined>(capacity);
  }

  record(entry: JournalEntry): void {
    this.ring[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
  }

  entries(): JournalEntry[] {
    const ordered = [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
    return ordered.filter((e): e is JournalEntry => e !== undefined);
  }

  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
  }

  forgetWorkspace(workspaceId: string): void {
    const kept = this.entries().filter((e) => e.workspaceId !== workspaceId);
    this.clear();
    for (const entry of kept) this.record(entry);
  }
}
