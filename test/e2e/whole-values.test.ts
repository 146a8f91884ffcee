import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { svcInTerminal } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';

// Listings of examples/fixtures/basic.json at a terminal: every value they hold must be on
// the screen whole (docs/cli-contract.md, "Output"), whatever the width.
const emulator = useEmulator();

/** A profile name as long as the ones people give CI profiles. */
const PROFILE = 'ci-example.com-workspace-acme-production';

const LONG_DOC = {
  id: 'quarterly-planning-2026-engineering',
  name: 'Quarterly planning 2026: engineering roadmap and staffing',
};

/** A listing, and which of its piped fields are free text, which may wrap between words. */
interface Listing {
  args: string[];
  freeText?: number[];
}

const listings: Record<string, Listing> = {
  'profile list': { args: ['profile', 'list'] },
  'auth status': { args: ['auth', 'status'] },
  'permissions get': {
    args: [
      'permissions',
      'get',
      '--org',
      'acme',
      '--user',
      'alice,bob,carol,dave',
      '--folder',
      'secret,internal,handbook',
      '--doc',
      'plan,contract,roadmap,welcome',
    ],
  },
  'folders list': { args: ['folders', 'list', '--org', 'acme'] },
  'docs list': { args: ['docs', 'list', '--org', 'acme'] },
  'mcp tools': { args: ['mcp', 'tools'], freeText: [3] },
};

let env: Record<string, string>;
beforeAll(async () => {
  // Two stored profiles, the active one named as CI profiles are.
  const ws = emulator.workspace;
  env = cleanEnv({ SVC_PROFILE: PROFILE });
  for (const name of ['default', PROFILE]) {
    const login = await svc(
      [
        'auth',
        'login',
        '--profile',
        name,
        '--base-url',
        emulator.url,
        '--api-key',
        ws.apiKey,
        '--workspace-id',
        ws.workspaceId,
        '--with-token',
        '--with-workspace-token',
        '--insecure-storage',
      ],
      env,
      `${ws.authToken}\n${ws.workspaceToken}\n`,
    );
    expect(login.exitCode, login.stderr).toBe(0);
  }
  const use = await svc(['profile', 'use', PROFILE], env);
  expect(use.exitCode, use.stderr).toBe(0);
  // A document named as people name them, longer than the fixture's.
  const add = await svc(
    ['docs', 'add', '--org', 'acme', '--doc', LONG_DOC.id, '--name', LONG_DOC.name],
    env,
  );
  expect(add.exitCode, add.stderr).toBe(0);
});

/** What must be found whole: each piped field, or each word of a free-text one. */
async function valuesOf({ args, freeText = [] }: Listing): Promise<string[]> {
  const piped = await svc(args, env);
  expect(piped.exitCode, piped.stderr).toBe(0);
  const lines = piped.stdout.split('\n').filter((line) => line !== '');
  expect(lines.length).toBeGreaterThan(0);
  const values = lines.flatMap((line) =>
    line.split('\t').flatMap((field, at) => (freeText.includes(at) ? field.split(' ') : [field])),
  );
  return [...new Set(values.filter((value) => value !== ''))];
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each([60, 80, 100])('at %i columns', (cols) => {
  it.each(Object.keys(listings))('%s shows every value whole, on lines that fit', async (name) => {
    const listing = listings[name] as Listing;
    const values = await valuesOf(listing);
    const term = svcInTerminal(listing.args, env, { cols, rows: 200, settle: true });
    expect(await term.exited).toBe(0);
    const lines = term.screen().split('\n');
    // A line wider than the terminal is broken by the terminal wherever its edge falls.
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(cols);
    expect(term.screen()).not.toContain('…');
    for (const value of values) {
      const whole = new RegExp(`(^|\\s)${escaped(value)}(\\s|$)`);
      expect(
        lines.some((line) => whole.test(line)),
        `${value} whole in:\n${term.screen()}`,
      ).toBe(true);
    }
  });
});
