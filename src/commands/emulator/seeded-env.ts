import { credentialEnvVars } from '../../config/credentials.js';
import type { SeededWorkspace } from '../../emulator/fixtures/apply.js';
import { shellLine } from '../../io/shell-words.js';

/**
 * What `emulator start --seed` says of each workspace its fixture made: the `export` line
 * that points svc at it. The tokens are in it only for a person at a terminal; a stderr
 * that is not one usually ends in a log, where the ids and the API key are all it gets.
 */
export function seededWorkspaceLines(
  url: string,
  seeded: readonly SeededWorkspace[],
  atTerminal: boolean,
): string[] {
  if (seeded.length === 0) return [];
  const lines = seeded.flatMap((ws) => [
    `Seeded workspace of ${ws.ownerEmail}:`,
    `  ${shellLine([
      'export',
      `SVC_BASE_URL=${url}`,
      `${credentialEnvVars.workspaceId}=${ws.workspaceId}`,
      ...(atTerminal ? [`${credentialEnvVars.workspaceToken}=${ws.workspaceToken}`] : []),
      `${credentialEnvVars.apiKey}=${ws.apiKey}`,
      ...(atTerminal ? [`${credentialEnvVars.authToken}=${ws.authToken}`] : []),
    ])}`,
  ]);
  if (!atTerminal) {
    lines.push(
      'Tokens are shown only at a terminal; `svc emulator exec --seed FILE -- CMD` gives a command all of them.',
    );
  }
  return lines;
}
