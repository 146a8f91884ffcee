import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../src/cli/program.js';
import { svcCommands } from '../../../src/commands/index.js';

const quiet = { writeOut: () => undefined, writeErr: () => undefined, onError: () => undefined };

/** The top-level names a program built for `argv` (or for no run at all) mounts. */
function mountedNames(argv?: readonly string[]): string[] {
  return buildProgram(svcCommands, () => async () => undefined, quiet, argv).commands.map((c) =>
    c.name(),
  );
}

const everything = svcCommands.map((entry) => entry.name);
// The entries a first word mounts alone: all but help, which looks commands up in the program.
const alone = everything.filter((name) => name !== 'help');
// Two real entries of the tree, whichever they are: the test names no command of its own.
const [first, second] = alone as [string, string];

describe('a run mounts only what its words can reach', () => {
  it.each(alone)('`svc %s ...` mounts that entry alone', (name) => {
    expect(mountedNames([name, '--json'])).toEqual([name]);
  });

  it('skips the root options and the values they take before the command word', () => {
    expect(mountedNames(['--profile', first, second])).toEqual([second]);
    expect(mountedNames([`--profile=${first}`, second])).toEqual([second]);
    expect(mountedNames(['--json', '-q', '--timeout', '5s', first])).toEqual([first]);
  });

  it('mounts the whole tree for what lists or suggests commands', () => {
    expect(mountedNames([])).toEqual(everything);
    // help finds the command it is asked about in the program
    expect(mountedNames(['help', first])).toEqual(everything);
    // a word that names nothing: commander suggests the nearest of all of them
    expect(mountedNames([`${first}x`])).toEqual(everything);
    // what svc cannot tell apart: options it does not know, combined flags, `--`
    expect(mountedNames(['--nope', first])).toEqual(everything);
    expect(mountedNames(['-qy', first])).toEqual(everything);
    expect(mountedNames(['--', first])).toEqual(everything);
  });

  it('mounts the whole tree when no run is given (the reference, completions)', () => {
    expect(mountedNames()).toEqual(everything);
  });
});
