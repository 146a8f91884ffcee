import type { Database, Statement } from 'better-sqlite3';
import * as z from 'zod';
import { migrationStatus } from '../../catalogue/models.js';
import type { Scope } from './scope.js';

/** The spec's migration states; user-data deletions go through the same four. */
export type JobStatus = z.infer<typeof migrationStatus>;

const migrationSpec = z.object({
  kind: z.literal('migration'),
  organizationId: z.string(),
  documentId: z.string(),
  newDocumentId: z.string(),
});

const deletionSpec = z.object({
  kind: z.literal('deletion'),
  userIds: z.array(z.string()),
  /** One task each, in this order. */
  organizationIds: z.array(z.string()),
});

const jobSpec = z.discriminatedUnion('kind', [migrationSpec, deletionSpec]);

/** What a job was asked to do. */
export type JobSpec = z.infer<typeof jobSpec>;
export type MigrationSpec = z.infer<typeof migrationSpec>;
export type DeletionSpec = z.infer<typeof deletionSpec>;
export type JobKind = JobSpec['kind'];

export interface JobRecord {
  id: string;
  scope: Scope;
  spec: JobSpec;
  status: JobStatus;
  stepsDone: number;
  stepsTotal: number;
  /** Why a failed job failed; null otherwise. */
  reason: string | null;
  /** Epoch ms of the last step that did its work; null before the first. */
  lastStepAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The fields a step changes. */
export type JobProgress = Pick<
  JobRecord,
  'status' | 'stepsDone' | 'reason' | 'lastStepAt' | 'updatedAt'
>;

interface JobRow {
  id: string;
  workspace_id: string;
  api_key_id: string;
  kind: string;
  spec: string;
  status: string;
  steps_done: number;
  steps_total: number;
  reason: string | null;
  last_step_at: number | null;
  created_at: number;
  updated_at: number;
}

type ProgressRow = Pick<
  JobRow,
  'id' | 'status' | 'steps_done' | 'reason' | 'last_step_at' | 'updated_at'
>;

export function isFinished(status: JobStatus): boolean {
  return status === 'completed' || status === 'failed';
}

function fromRow(row: JobRow): JobRecord {
  return {
    id: row.id,
    scope: { workspaceId: row.workspace_id, apiKeyId: row.api_key_id },
    spec: jobSpec.parse(JSON.parse(row.spec)),
    status: migrationStatus.parse(row.status),
    stepsDone: row.steps_done,
    stepsTotal: row.steps_total,
    reason: row.reason,
    lastStepAt: row.last_step_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The `jobs` table. */
export class JobTable {
  private readonly insertStmt: Statement<[JobRow]>;
  private readonly byIdStmt: Statement<[string], JobRow>;
  private readonly allStmt: Statement<[], JobRow>;
  private readonly ofWorkspaceStmt: Statement<[string], JobRow>;
  private readonly unfinishedStmt: Statement<[], { id: string }>;
  private readonly progressStmt: Statement<[ProgressRow]>;
  private readonly failStmt: Statement<[{ id: string; reason: string; updated_at: number }]>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO jobs (id, workspace_id, api_key_id, kind, spec, status, steps_done,
         steps_total, reason, last_step_at, created_at, updated_at)
       VALUES (@id, @workspace_id, @api_key_id, @kind, @spec, @status, @steps_done,
         @steps_total, @reason, @last_step_at, @created_at, @updated_at)`,
    );
    this.byIdStmt = db.prepare('SELECT * FROM jobs WHERE id = ?');
    this.allStmt = db.prepare('SELECT * FROM jobs ORDER BY created_at, rowid');
    this.ofWorkspaceStmt = db.prepare(
      'SELECT * FROM jobs WHERE workspace_id = ? ORDER BY created_at, rowid',
    );
    this.unfinishedStmt = db.prepare(
      `SELECT id FROM jobs WHERE status IN ('pending', 'in_progress') ORDER BY created_at, rowid`,
    );
    this.progressStmt = db.prepare(
      `UPDATE jobs SET status = @status, steps_done = @steps_done, reason = @reason,
         last_step_at = @last_step_at, updated_at = @updated_at
       WHERE id = @id`,
    );
    this.failStmt = db.prepare(
      `UPDATE jobs SET status = 'failed', reason = @reason, updated_at = @updated_at
       WHERE id = @id AND status IN ('pending', 'in_progress')`,
    );
  }

  insert(job: JobRecord): void {
    this.insertStmt.run({
      id: job.id,
      workspace_id: job.scope.workspaceId,
      api_key_id: job.scope.apiKeyId,
      kind: job.spec.kind,
      spec: JSON.stringify(job.spec),
      status: job.status,
      steps_done: job.stepsDone,
      steps_total: job.stepsTotal,
      reason: job.reason,
      last_step_at: job.lastStepAt,
      created_at: job.createdAt,
      updated_at: job.updatedAt,
    });
  }

  find(id: string): JobRecord | undefined {
    const row = this.byIdStmt.get(id);
    return row && fromRow(row);
  }

  /** Every job, or one workspace's, oldest first. */
  list(workspaceId?: string): JobRecord[] {
    const rows =
      workspaceId === undefined ? this.allStmt.all() : this.ofWorkspaceStmt.all(workspaceId);
    return rows.map(fromRow);
  }

  /** The ids of the jobs still pending or in progress, oldest first. */
  unfinishedIds(): string[] {
    return this.unfinishedStmt.all().map((row) => row.id);
  }

  setProgress(id: string, progress: JobProgress): void {
    this.progressStmt.run({
      id,
      status: progress.status,
      steps_done: progress.stepsDone,
      reason: progress.reason,
      last_step_at: progress.lastStepAt,
      updated_at: progress.updatedAt,
    });
  }

  /**
   * Fails an unfinished job without reading it, so it works even when the job's row is
   * what broke its step. False when the job is missing or already finished.
   */
  fail(id: string, reason: string, at: number): boolean {
    return this.failStmt.run({ id, reason, updated_at: at }).changes > 0;
  }
}
