import { describe, expect, it } from 'vitest';
import { adminFetch, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator({ jobDelay: 'manual' });

async function journalPaths(): Promise<string[]> {
  const res = await adminFetch(emulator, '/_emulator/journal');
  const { entries } = (await res.json()) as { entries: { path: string }[] };
  return entries.map((entry) => entry.path);
}

describe('docs migrate --to the document it moves', () => {
  it('is refused before anything is sent, exit 2, naming both flags', async () => {
    const before = (await journalPaths()).length;
    const r = await svc(
      ['docs', 'migrate', '--org', 'acme', '--doc', 'plan', '--to', 'plan'],
      emulator.env,
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--to');
    expect(r.stderr).toContain('--doc');
    expect(r.stdout).toBe('');
    expect((await journalPaths()).length).toBe(before);
  });
});

describe('an update of something that does not exist', () => {
  it.each([
    [['docs', 'update', '--org', 'acme', '--doc', 'nosuchdoc', '--name', 'X']],
    [['orgs', 'update', '--org', 'nosuchorg', '--name', 'X']],
  ])('exits 4, not 5, when every item failed as not found: %j', async (args) => {
    const r = await svc([...args, '--json'], emulator.env);
    expect(r.exitCode).toBe(4);
    const results = Object.values(JSON.parse(r.stdout) as Record<string, { success: boolean }>);
    expect(results).toEqual([expect.objectContaining({ success: false })]);
    expect(r.stderr).toContain('does not exist');
  });

  it('still exits 5 when some items succeed', async () => {
    const r = await svc(
      ['docs', 'update', '--org', 'acme', '--file', '-'],
      emulator.env,
      '{"documentId":"plan","documentName":"Plan"}\n{"documentId":"nosuchdoc","documentName":"X"}\n',
    );
    expect(r.exitCode).toBe(5);
  });
});
