import { execa } from 'execa';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, SVC } from '../support/e2e.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const ROOT = new URL('../../', import.meta.url).pathname;

/** The shell lines of the README's code block that follows `heading`. */
function blockAfter(heading: string): string[] {
  const from = README.indexOf(heading);
  const start = README.indexOf('```sh\n', from) + '```sh\n'.length;
  return README.slice(start, README.indexOf('```', start)).trimEnd().split('\n');
}

/**
 * A fresh home, as a new user has, with `svc` on PATH as the built CLI and the clone's
 * files (fixtures) where the README's lines expect them.
 */
function freshHome(): { home: string; env: Record<string, string> } {
  const home = mkdtempSync(join(tmpdir(), 'svc-readme-'));
  const bin = join(home, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'svc'), `#!/bin/sh\nexec "${process.execPath}" "${SVC}" "$@"\n`);
  chmodSync(join(bin, 'svc'), 0o755);
  const env = cleanEnv({ HOME: home, PATH: `${bin}:/usr/bin:/bin` });
  return { home, env };
}

const sh = (line: string, env: Record<string, string>, cwd: string) =>
  execa('/bin/sh', ['-c', line], { env, extendEnv: false, reject: false, cwd, timeout: 60_000 });

describe("the README's lines, run on a fresh home", () => {
  it('install the bash and fish completions', async () => {
    const { home, env } = freshHome();
    const lines = blockAfter('### Completion').filter((l) =>
      /^(mkdir|svc completion (bash|fish))/.test(l),
    );
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      const r = await sh(line.replace(/\s+#.*$/, ''), env, ROOT);
      expect(r.exitCode, `${line}: ${r.stderr}`).toBe(0);
    }
    expect(
      readFileSync(join(home, '.local/share/bash-completion/completions/svc'), 'utf8'),
    ).toContain('_svc');
    expect(existsSync(join(home, '.config/fish/completions/svc.fish'))).toBe(true);
  });

  it('install the single executable, and its example lists documents', async () => {
    const { home, env } = freshHome();
    const lines = blockAfter('## Single executable').filter((l) => !l.startsWith('npm '));
    // A stand-in for the executable, which takes a build of its own: the same CLI.
    const clone = mkdtempSync(join(tmpdir(), 'svc-readme-clone-'));
    mkdirSync(join(clone, 'dist'));
    mkdirSync(join(clone, 'examples/fixtures'), { recursive: true });
    writeFileSync(join(clone, 'dist/svc-linux-x64'), readFileSync(join(home, 'bin/svc')));
    writeFileSync(
      join(clone, 'examples/fixtures/basic.json'),
      readFileSync(join(ROOT, 'examples/fixtures/basic.json')),
    );
    const installed = { ...env, PATH: `${home}/.local/bin:/usr/bin:/bin` };
    let last = '';
    for (const line of lines) {
      const r = await sh(line.replace(/\s+#.*$/, ''), installed, clone);
      expect(r.exitCode, `${line}: ${r.stderr}`).toBe(0);
      last = r.stdout;
    }
    const listed = JSON.parse(last) as { id: string }[];
    expect(listed.length).toBeGreaterThan(0);
  });
});
