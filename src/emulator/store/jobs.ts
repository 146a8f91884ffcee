import type { Database, Statement } from './sqlite.js';
import * as z from 'zod';
import { migrationStatus } from '../../catalogue/models.js';
import { checked, json, nested, tableColumns } from './columns.js';
import { type RecordQuery, RecordTable } from './table-rows.js';
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

const folderDeletionSpec = z.object({
  kind: z.literal('folder-deletion'),
  organizationId: z.string(),
  folderId: z.string(),
});

const jobSpec = z.discriminatedUnion('kind', [migrationSpec, deletionSpec, folderDeletionSpec]);

/** What a job was asked to do. */
export type JobSpec = z.infer<typeof jobSpec>;
export type MigrationSpec = z.infer<typeof migrationSpec>;
export type DeletionSpec = z.infer<typeof deletionSpec>;
export type FolderDeletionSpec = z.infer<typeof folderDeletionSpec>;
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

const scopeColumns = tableColumns<Scope>({
  workspaceId: 'workspace_id',
  apiKeyId: 'api_key_id',
});

const jobColumns = tableColumns<JobRecord>({
  id: 'id',
  scope: nested(scopeColumns),
  spec: json('spec', (parsed) => jobSpec.parse(parsed)),
  status: checked('status', migrationStatus),
  stepsDone: 'steps_done',
  stepsTotal: 'steps_total',
  reason: 'reason',
  lastStepAt: 'last_step_at',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
});

interface ProgressRow {
  id: string;
  status: JobStatus;
  steps_done: number;
  reason: string | null;
  last_step_at: number | null;
  updated_at: number;
}

export function isFinished(status: JobStatus): boolean {
  return status === 'completed' || status === 'failed';
}

/** The `jobs` table. */
export class JobTable {
  /** The spec holds its kind; the `kind` column repeats it for reading the file by hand. */
  private readonly insertRow: (job: JobRecord, kind: JobKind) => void;
  private readonly byId: RecordQuery<[string], JobRecord>;
  private readonly all: RecordQuery<[], JobRecord>;
  private readonly ofWorkspace: RecordQuery<[string], JobRecord>;
  private readonly unfinishedStmt: Statement<[], { id: string }>;
  private readonly progressStmt: Statement<[ProgressRow]>;
  private readonly failStmt: Statement<[{ id: string; reason: string; updated_at: number }]>;

  constructor(db: Database) {
    const jobs = new RecordTable(db, 'jobs', jobColumns);
    this.insertRow = jobs.insert({ leading: ['kind'] });
    this.byId = jobs.select('WHERE id = ?');
    this.all = jobs.select('ORDER BY created_at, rowid');
    this.ofWorkspace = jobs.select('WHERE workspace_id = ? ORDER BY created_at, rowid');
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
    this.insertRow(job, job.spec.kind);
  }

  find(id: string): JobRecord | undefined {
    return this.byId.get(id);
  }

  /** Every job, or one workspace's, oldest first. */
  list(workspaceId?: string): JobRecord[] {
    return workspaceId === undefined ? this.all.all() : this.ofWorkspace.all(workspaceId);
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
