import { describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';

describe('svc schema of a mistyped command', () => {
  it.each([
    [['doc', 'list'], 'did you mean svc schema docs list?'],
    [['docs', 'lst'], 'did you mean svc schema docs list?'],
    [['usr', 'purge'], 'did you mean svc schema users purge?'],
    [['xyz'], 'see svc --help'],
  ])('svc schema %j suggests the command meant', async (words, hint) => {
    const r = await svc(['schema', ...words], cleanEnv());
    expect(r.stderr).toBe(`error: no command "svc ${words.join(' ')}"\nhint: ${hint}`);
    expect(r.exitCode).toBe(2);
  });

  it('and the suggestion works when pasted', async () => {
    const r = await svc(['schema', 'docs', 'list'], cleanEnv());
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ title: 'svc docs list --json' });
  });
});
