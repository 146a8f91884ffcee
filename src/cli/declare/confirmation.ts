import { isDestructive, subjectOf, type ConfirmSubject } from '../../catalogue/destructive.js';
import type { Operation } from '../../catalogue/types.js';
import { confirmDestructive } from '../confirm.js';

/** The words of a command's confirmation: what will happen to the subject. */
export type Question = (subject: ConfirmSubject) => string;

/**
 * The one gate in front of every request that removes or switches off data. A command
 * asks it once with the whole run's subject (a bulk run knows its count only after
 * reading its input); the HTTP client asks it again before each request, so a destructive
 * request that no command confirmed is asked about then, or refused, and never sent
 * unconfirmed. `--yes` and `--dry-run` (which sends nothing) pass it.
 */
export class ConfirmationGate {
  private passed = false;

  constructor(
    private readonly ctx: Parameters<typeof confirmDestructive>[0],
    /** The command's question; undefined for a command that declares nothing destructive. */
    private readonly question: Question | undefined,
  ) {}

  /** Asks once, before the first destructive request; later calls pass. */
  async confirm(subject: ConfirmSubject): Promise<void> {
    if (this.passed) return;
    if (!this.question) {
      throw new Error('a destructive request from a command that declares no confirmation');
    }
    await confirmDestructive(this.ctx, this.question(subject));
    this.passed = true;
  }

  /** The HTTP client's check before it sends `data` for `op`. */
  async beforeSend(op: Operation, data: unknown): Promise<void> {
    if (this.passed || !isDestructive(op, membersOf(data))) return;
    await this.confirm(subjectOf(op, data));
  }
}

function membersOf(data: unknown): Readonly<Record<string, unknown>> {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}
