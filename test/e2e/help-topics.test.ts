import { describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';

describe('help topics for output and credentials', () => {
  it.each([
    ['formatting', ['--jq EXPR', '--limit N', '--quiet']],
    ['credentials', ['OS keyring', 'svc auth migrate-storage', '--insecure-storage']],
  ])('svc help %s explains them, and is listed under svc help --help', async (topic, words) => {
    const r = await svc(['help', topic], cleanEnv());
    expect(r.exitCode).toBe(0);
    for (const word of words) expect(r.stdout).toContain(word);
    const json = await svc(['help', topic, '--jq', '.topic'], cleanEnv());
    expect(json.stdout).toBe(topic);
    const listed = await svc(['help', '--help'], cleanEnv());
    expect(listed.stdout).toContain(`  ${topic}`);
  });
});

describe('svc help reference', () => {
  it('prints the reference without the note to the editors of docs/commands.md', async () => {
    const r = await svc(['help', 'reference'], cleanEnv());
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^# svc command reference\n\n/);
    expect(r.stdout).toContain('## Global options');
    expect(r.stdout).not.toContain('<!--');
  });
});
