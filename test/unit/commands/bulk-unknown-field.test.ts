import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bulkOptions } from '../../../src/cli/bulk-options.js';
import type { OptionRecord } from '../../../src/cli/declare/options.js';
import { declaredLeaves } from '../../../src/cli/declare/ownership.js';
import { svcCommands } from '../../../src/commands/index.js';
import { fakeService } from '../../support/fake-service.js';
import { tempConfigDir } from '../../support/harness.js';

/**
 * Every bulk command, as the declarations give them (those that take items from --file),
 * with a file whose one item holds a field no item has: refused before anything is sent.
 * (The end-to-end bulk-input tests give a misspelt field of each kind of file through the built
 * svc; this file needs none of them.)
 */
const bulk = declaredLeaves(svcCommands).filter(
  ({ declaration }) => declaration.options.file === bulkOptions.file,
);

/** The command's required flags, each with a value of the right form. */
function requiredFlags(options: OptionRecord): string[] {
  return Object.values(options)
    .filter((declared) => declared.mandatory)
    .flatMap((declared) => {
      const option = declared.build();
      // A flag of a fixed set takes one of its values; any other flag an id.
      return [option.long ?? '', option.argChoices?.[0] ?? 'x'];
    });
}

describe('a bulk command given a field no item has', () => {
  it('finds the bulk commands in the declarations', () => {
    expect(bulk.map(({ path }) => path)).toContain('folders add');
  });

  it.each(bulk.map((leaf) => [leaf.path, leaf] as const))(
    'svc %s refuses it, naming it, and sends nothing',
    async (path, { declaration }) => {
      const file = join(tempConfigDir(), 'items.json');
      writeFileSync(file, JSON.stringify([{ notAFieldOfAnyItem: 'x' }]));
      const fake = fakeService({});
      const r = await fake.run([
        ...path.split(' '),
        ...requiredFlags(declaration.options as OptionRecord),
        '--file',
        file,
        '--yes',
      ]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('notAFieldOfAnyItem');
      expect(fake.all()).toEqual([]);
    },
  );
});
