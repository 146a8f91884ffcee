import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredLeaves } from '../../../src/cli/declare/ownership.js';
import { svcCommands } from '../../../src/commands/index.js';

/** The README's command table against the command tree. */

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const leaves = declaredLeaves(svcCommands).filter(({ declaration }) => !declaration.hidden);

/** Whether `text` names `svc PATH` in backticks, with or without flags after it. */
function names(text: string, path: string): boolean {
  return text.includes(`\`svc ${path}\``) || text.includes(`\`svc ${path} `);
}

describe('README.md', () => {
  it('names every command that sends an operation in the Commands table', () => {
    const table = readme.slice(readme.indexOf('## Commands'), readme.indexOf('\n### '));
    const missing = leaves
      .filter(({ declaration }) => (declaration.sends ?? []).length > 0)
      .map(({ path }) => path)
      .filter((path) => !names(table, path));
    expect(missing).toEqual([]);
  });

  it('names every other command somewhere', () => {
    const missing = leaves.map(({ path }) => path).filter((path) => !names(readme, path));
    expect(missing).toEqual([]);
  });
});
