import { describe, expect, it } from 'vitest';
import { cleanEnv } from '../support/e2e.js';
import { svcInTerminal } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';
import { environmentTable } from '../../src/cli/reference/environment.js';
import { helpTopics } from '../../src/cli/reference/topics.js';

const emulator = useEmulator({ seed: null });

/** The lines the terminal received, as svc wrote them (a wider one the terminal wraps). */
const linesOf = (raw: string) =>
  // eslint-disable-next-line no-control-regex
  raw.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').split('\r\n');

/** Commands as a person copies them: a line ending in ` \` continues on the next. */
function commandsIn(lines: readonly string[]): string[] {
  const joined = lines.join('\n').replace(/ \\\n\s*/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('svc '));
}

describe('"What next" after workspace create', () => {
  it.each([60, 120])(
    'at %i columns, puts each command whole on lines of its own that fit',
    async (cols) => {
      const email = `next-${cols}@example.com`;
      const env = cleanEnv({ SVC_BASE_URL: emulator.url });
      const term = svcInTerminal(
        [
          'workspace',
          'create',
          '--email',
          email,
          '--name',
          'Ada',
          '--workspace-name',
          'W',
          '--avatar',
          'https://a.dev/p.png',
          '--profile',
          'default',
        ],
        env,
        { cols, rows: 40 },
      );
      expect(await term.exited).toBe(0);
      const lines = linesOf(term.raw());
      const block = lines.slice(lines.findIndex((line) => line === 'What next'));
      expect(block.length).toBeGreaterThan(10);
      // No command line is wider than the terminal, so the terminal never breaks one.
      for (const line of block.filter((l) => /^\s+svc |\\$/.test(l))) {
        expect([...line].length).toBeLessThanOrEqual(cols);
      }
      expect(commandsIn(block)).toEqual([
        'svc --profile default profile show default',
        'svc --profile default workspace tokens',
        `svc --profile default workspace login-link --email ${email} --continue-url http://localhost:3000/`,
        `svc --profile default workspace email-status --email ${email}`,
        'svc --profile default auth token',
        'svc --profile default auth token --workspace',
      ]);
      // The tokens are what a command prints, not a `NAME=$(…)` to paste as a value.
      expect(block.join('\n')).not.toMatch(/SVC_\w+=\$\(/);
      expect(block.join('\n')).toContain('SVC_AUTH_TOKEN, what this command prints:');
    },
  );
});

describe('help at 60 columns', () => {
  const env = cleanEnv();
  it.each([
    ['docs', 'list'],
    ['mcp', 'serve'],
    ['workspace', 'create'],
  ])('svc %s %s --help: no line but an example is wider than the terminal', async (...words) => {
    const term = svcInTerminal([...words, '--help'], env, { cols: 60, rows: 40, settle: true });
    expect(await term.exited).toBe(0);
    const lines = linesOf(term.raw()).filter((line) => !line.startsWith('  $ '));
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(60);
  });

  it('at 30 columns, below where commander stops wrapping, descriptions break between words', async () => {
    const term = svcInTerminal(['docs', 'list', '--help'], env, {
      cols: 30,
      rows: 80,
      settle: true,
    });
    expect(await term.exited).toBe(0);
    const lines = linesOf(term.raw()).filter((line) => !line.startsWith('  $ '));
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(30);
    const text = lines.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(
      'document id (repeat, or comma-separate); more than 30 are fetched in batches',
    );
  });

  it('svc --help: its environment and see-also lists wrap too, and keep every name', async () => {
    const term = svcInTerminal(['--help'], env, { cols: 60, rows: 80, settle: true });
    expect(await term.exited).toBe(0);
    const lines = linesOf(term.raw()).filter((line) => !line.startsWith('  $ '));
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(60);
    const text = lines.join('\n');
    for (const { name } of environmentTable) expect(text).toMatch(new RegExp(`\\b${name}\\b`));
    for (const { name } of helpTopics) expect(text).toContain(`svc help ${name}`);
  });

  it('svc mcp --help lists the flags of svc mcp serve, which svc mcp runs', async () => {
    const term = svcInTerminal(['mcp', '--help'], env, { cols: 60, rows: 40, settle: true });
    expect(await term.exited).toBe(0);
    const screen = term.screen();
    for (const flag of ['--read-only', '--allow-destructive', '--log-file <path>', '--emulator']) {
      expect(screen).toContain(`  ${flag}`);
    }
  });
});
