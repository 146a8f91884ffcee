import { describe, expect, it } from 'vitest';
import { mayDestroy } from '../../../src/catalogue/destructive.js';
import { operation } from '../../../src/catalogue/operations.js';
import { UsageError } from '../../../src/errors/errors.js';
import { selectServed } from '../../../src/mcp/flags.js';
import { toolNames } from '../../../src/commands/mcp/tool-names.js';
import type { Operation } from '../../../src/catalogue/types.js';

// The tools whose requests may remove, switch off or replace data, as the catalogue says,
// less those where it says which requests replace (`overwritesWhen`): those are served, and
// only their replacing calls wait for --allow-destructive.
const destructive = toolNames
  .filter((t) => {
    const op = operation(t.operation) as Operation;
    return mayDestroy(op, t.fixed) && !(op.overwritesWhen !== undefined && !op.destructive);
  })
  .map((t) => t.name);

describe('which tools svc mcp serves', () => {
  it('by default: reads and writes that destroy nothing', () => {
    const { served, withheld } = selectServed({}, toolNames);
    expect(served).toHaveLength(toolNames.length - destructive.length);
    expect(served).toContain('docs_update');
    expect(served).toContain('docs_enable');
    expect(withheld.map((w) => w.name)).toEqual(destructive);
    // Enabling only restores access: docs_enable is an ordinary write, docs_disable is not.
    expect(destructive).toContain('docs_disable');
    expect(destructive).not.toContain('docs_enable');
  });

  it('destructive tools only with --allow-destructive', () => {
    expect(selectServed({ allowDestructive: true }, toolNames).served).toHaveLength(
      toolNames.length,
    );
  });

  it('--read-only keeps reads only, overriding every other flag', () => {
    const { served } = selectServed(
      {
        readOnly: true,
        allowDestructive: true,
        tools: ['docs_list', 'docs_disable', 'docs_update'],
      },
      toolNames,
    );
    expect(served).toEqual(['docs_list']);
    // Every tool of a read-only operation, and nothing else, in the catalogue's order.
    const reads = toolNames.filter((t) => operation(t.operation).readOnly).map((t) => t.name);
    expect(reads.length).toBeGreaterThan(0);
    expect(selectServed({ readOnly: true }, toolNames).served).toEqual(reads);
  });

  it('--toolsets and --tools narrow the choice (a tool in either), --exclude-tools takes out', () => {
    // A tool of either choice, less the excluded one, in catalogue order.
    const chosen = toolNames.filter(
      (t) => (t.toolset === 'folders' || t.name === 'ai_rewrite') && !t.destructive,
    );
    expect(chosen.map((t) => t.name)).toContain('folders_add');
    expect(
      selectServed(
        { toolsets: ['folders'], tools: ['ai_rewrite'], excludeTools: ['folders_add'] },
        toolNames,
      ).served,
    ).toEqual(chosen.map((t) => t.name).filter((name) => name !== 'folders_add'));
  });

  it('an unknown name is a usage error listing the valid names', () => {
    for (const flags of [
      { toolsets: ['doc'] },
      { tools: ['docs-list'] },
      { excludeTools: ['x'] },
    ]) {
      const error = (() => {
        try {
          selectServed(flags, toolNames);
        } catch (e) {
          return e;
        }
      })() as UsageError;
      expect(error).toBeInstanceOf(UsageError);
      expect(error.hint).toMatch(/^valid names: /);
    }
    expect(() => selectServed({ toolsets: ['nope'] }, toolNames)).toThrow(
      '--toolsets: unknown name "nope"',
    );
  });

  it('a choice that leaves nothing to serve is a usage error', () => {
    expect(() => selectServed({ readOnly: true, toolsets: ['ai'] }, toolNames)).toThrow(
      'no tool is left to serve',
    );
    expect(() => selectServed({ seed: 'x.json' }, toolNames)).toThrow('--seed needs --emulator');
  });
});
