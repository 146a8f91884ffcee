import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedWorkspaces, svc } from '../support/e2e.js';
import { svcInTerminal } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * What bulk commands print: every row to a pipe, one JSON document under --json (dry runs
 * too), JSON lines only on stderr under --json, and each item named by its id.
 */

const basic = useEmulator();

const dir = mkdtempSync(join(tmpdir(), 'svc-bulk-output-'));
/** An NDJSON file of `n` new folders whose ids start with `prefix`. */
function folders(prefix: string, n: number): string {
  const path = join(dir, `${prefix}.ndjson`);
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({ folderId: `${prefix}${i}`, folderName: `Folder ${i}` }),
  );
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** Each line of stderr, which must all be JSON. */
function jsonLines(stderr: string): unknown[] {
  return stderr
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}

describe('bulk output', () => {
  it('gives a pipe every row, however many', async () => {
    const r = await svc(
      ['folders', 'add', '--org', 'acme', '--file', folders('pipe', 1500)],
      basic.env,
    );
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows).toHaveLength(1500);
    expect(new Set(rows.map((row) => row.split('\t')[0])).size).toBe(1500);
  });

  it('caps the successes listed on a terminal, and says how many more there were', async () => {
    const term = svcInTerminal(
      ['folders', 'add', '--org', 'acme', '--file', folders('term', 1200)],
      basic.env,
    );
    expect(await term.exited).toBe(0);
    expect(term.screen()).toContain('200 more items succeeded and are not listed');
    expect(term.screen().match(/^term\d+ +true/gm)).toHaveLength(1000);
  });

  it('prints one JSON document for a dry run of many requests, and nothing on stderr', async () => {
    const r = await svc(
      ['folders', 'add', '--org', 'acme', '--file', folders('dry', 250), '--dry-run', '--json'],
      basic.env,
    );
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    const requests = JSON.parse(r.stdout) as {
      dryRun: boolean;
      body: { data: { folders: unknown[] } };
    }[];
    expect(requests).toHaveLength(3);
    expect(requests.every((q) => q.dryRun)).toBe(true);
    expect(requests.map((q) => q.body.data.folders.length)).toEqual([100, 100, 50]);
  });

  it('says once, at the end of a dry run of many requests, that nothing was sent', async () => {
    const r = await svc(
      ['folders', 'add', '--org', 'acme', '--file', folders('dry2', 250), '--dry-run'],
      basic.env,
    );
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('dry run: 250 items in 3 requests; nothing was sent');
    expect(r.stdout.match(/^POST /gm)).toHaveLength(3);
  });

  it('keeps stderr to JSON lines under --json, the journal warning among them', async () => {
    // A file where the journal directory would go: no journal can be kept.
    const configDir = mkdtempSync(join(tmpdir(), 'svc-bulk-nojournal-'));
    writeFileSync(join(configDir, 'bulk-journals'), '');
    const r = await svc(
      ['folders', 'add', '--org', 'acme', '--file', folders('nojournal', 3), '--json'],
      { ...basic.env, SVC_CONFIG_DIR: configDir },
    );
    expect(r.exitCode).toBe(0);
    const lines = jsonLines(r.stderr);
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).toContain('cannot keep a journal');
    expect(Object.keys(JSON.parse(r.stdout) as object)).toHaveLength(3);
  });

  it('names presence and activity items by their ids', async () => {
    const presence = await svc(
      ['presence', 'add', '--org', 'acme', '--doc', 'plan', '--user', 'alice', '--status', 'away'],
      basic.env,
    );
    expect(presence.exitCode).toBe(0);
    expect(presence.stdout).toMatch(/^alice\ttrue/);
    const activity = await svc(
      [
        'activities',
        'add',
        '--org',
        'acme',
        '--doc',
        'plan',
        '--id',
        'act-7',
        '--feature-type',
        'comment',
        '--action-type',
        'comment.add',
        '--user',
        'alice',
      ],
      basic.env,
    );
    expect(activity.stderr).toBe('');
    expect(activity.exitCode).toBe(0);
    expect(activity.stdout).toMatch(/^act-7\ttrue/);
  });
});

describe('a bulk run the service refuses', () => {
  it('leaves no journal and does not suggest --resume, which would be refused the same', async () => {
    const seeded = await seedWorkspaces(basic, {
      workspaces: [
        {
          ownerEmail: 'bare@example.com',
          consoleOptions: {
            advancedQueries: false,
            activityService: false,
            notificationConfig: false,
          },
          organizations: [{ id: 'bare', name: 'Bare' }],
        },
      ],
    });
    const r = await svc(
      ['folders', 'add', '--org', 'bare', '--file', folders('refused', 3)],
      seeded.envFor('bare@example.com'),
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('FAILED_PRECONDITION');
    // Nothing was applied, so there is nothing to resume: no journal, no count.
    expect(r.stderr).not.toContain('confirmed');
    expect(r.stderr).not.toContain('--resume');
  });
});
