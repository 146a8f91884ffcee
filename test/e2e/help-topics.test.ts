import { describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { helpTopics } from '../../src/cli/reference/topics.js';

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

describe('svc help', () => {
  it('names every help topic in its own line of the command list', async () => {
    const r = await svc(['help'], cleanEnv());
    expect(r.exitCode).toBe(0);
    // The entry of `help`, with the lines its summary wraps onto, up to the blank line.
    const entry = /^ {2}help \[topic\.\.\.\].*(?:\n {3,}.*)*/m.exec(r.stdout)?.[0] ?? '';
    expect(entry).not.toBe('');
    for (const { name } of helpTopics) expect(entry).toMatch(new RegExp(`\\b${name}\\b`));
  });
});
