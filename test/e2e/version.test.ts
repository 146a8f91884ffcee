import { describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';

describe('svc version', () => {
  it('prints first what svc --version prints, then the Node, platform and build', async () => {
    const env = cleanEnv();
    const [short, long] = await Promise.all([svc(['--version'], env), svc(['version'], env)]);
    expect(short.exitCode).toBe(0);
    expect(long.exitCode).toBe(0);
    const lines = long.stdout.split('\n');
    expect(lines[0]).toBe(short.stdout);
    expect(lines.slice(1)).toEqual([
      `node ${process.versions.node}`,
      `platform ${process.platform}-${process.arch}`,
      'build npm',
    ]);
  });

  it.each([
    [['version', '--json']],
    [['--version', '--json']],
    [['-v', '--json']],
    [['--json', '--version']],
  ])('svc %j prints one JSON document with the version, node, platform and build', async (args) => {
    const env = cleanEnv();
    const [r, short] = await Promise.all([svc(args, env), svc(['--version'], env)]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      version: short.stdout,
      node: process.versions.node,
      platform: `${process.platform}-${process.arch}`,
      build: 'npm',
    });
  });

  it('filters with --jq like any JSON document', async () => {
    const r = await svc(['--version', '--jq', '.build'], cleanEnv());
    expect(r).toMatchObject({ exitCode: 0, stdout: 'npm', stderr: '' });
  });
});
