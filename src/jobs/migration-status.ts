import { operation, type ResponseOf } from '../catalogue/operations.js';
import type { HttpClient } from '../http/client.js';

/** Reading a document migration's status: shared by `docs migrate --wait` and the MCP tools. */

export type Migration = ResponseOf<'documents.migrationStatus'>;

/** A migration's status, and the answer's message: the reason, once it has failed. */
export interface MigrationReading {
  migration: Migration;
  message: string | undefined;
}

export async function readMigration(
  client: HttpClient,
  org: string,
  id: string,
): Promise<MigrationReading> {
  const result = await client.call<Migration>(operation('documents.migrationStatus'), {
    organizationId: org,
    migrationId: id,
  });
  return { migration: result.data, message: result.message };
}

/** "migration M failed: why", the reason being the status answer's message when it has one. */
export function failureLine(id: string, message: string | undefined): string {
  return message ? `migration ${id} failed: ${message}` : `migration ${id} failed`;
}
