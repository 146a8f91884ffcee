import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { JsonStreamWriter } from '../../../src/io/json-stream.js';
import { Output } from '../../../src/io/output.js';
import { fakeTerminal } from './fake-streams.js';

const members: [string, unknown][] = [
  ['f1', { success: true }],
  ['f2', { success: false, message: 'parent "x" does not exist', nested: { list: [1, [2]] } }],
  ['with "quotes"\n', null],
  ['__proto__', { success: true, list: [] }],
];

function written(kind: 'array' | 'object', pretty: boolean, entries: [string, unknown][]) {
  let text = '';
  const writer = new JsonStreamWriter(kind, pretty, (t) => (text += t));
  for (const [key, value] of entries) writer.push(value, key);
  writer.end();
  return text;
}

/** What JSON.stringify prints for the whole value, as `Output.jsonDocument` writes it. */
function whole(value: unknown, pretty: boolean): string {
  return `${pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value)}\n`;
}

describe('JsonStreamWriter', () => {
  for (const pretty of [false, true]) {
    const style = pretty ? 'pretty' : 'compact';

    it(`writes an object byte for byte as JSON.stringify does (${style})`, () => {
      const object = Object.create(null) as Record<string, unknown>;
      for (const [key, value] of members) object[key] = value;
      const text = written('object', pretty, members);
      expect(text).toBe(whole(object, pretty));
      expect(Object.keys(JSON.parse(text) as object)).toEqual(members.map(([key]) => key));
    });

    it(`writes an array byte for byte as JSON.stringify does (${style})`, () => {
      const values = members.map(([, value]) => value);
      expect(written('array', pretty, members)).toBe(whole(values, pretty));
    });

    it(`writes an empty object and array as {} and [] (${style})`, () => {
      expect(written('object', pretty, [])).toBe('{}\n');
      expect(written('array', pretty, [])).toBe('[]\n');
    });
  }

  it('keeps integer-like keys in the order they were added, unlike a JavaScript object', () => {
    const text = written('object', false, [
      ['b', 1],
      ['17', 2],
    ]);
    expect(text).toBe('{"b":1,"17":2}\n');
  });
});

/** This process's spools: other test files' processes share the temporary directory. */
function spoolFiles(): string[] {
  return readdirSync(tmpdir()).filter((name) => name.startsWith(`svc-out-${process.pid}-`));
}

describe('Output.jsonSpool', () => {
  it('prints nothing until print(), then the whole document, and leaves no file behind', async () => {
    const before = spoolFiles();
    const t = fakeTerminal({ stdoutTTY: false });
    const spool = await new Output(t.io, true).jsonSpool('object');
    const expected: Record<string, unknown> = {};
    // Enough members to be written to the file in several pieces.
    for (let i = 0; i < 5_000; i++) {
      const value = { success: i % 7 !== 0, message: `item ${i} of many`.repeat(3) };
      spool.add(value, `id-${i}`);
      expected[`id-${i}`] = value;
    }
    expect(t.stdout.text).toBe('');
    // The spool is on disk, where spoolFiles() looks: its absence below means something.
    expect(spoolFiles()).toHaveLength(before.length + 1);
    await spool.print();
    await spool.discard();
    expect(t.stdout.text).toBe(`${JSON.stringify(expected)}\n`);
    expect(spoolFiles()).toEqual(before);
  });

  it('spools an array the same way, printing it whole only at the end', async () => {
    const t = fakeTerminal({ stdoutTTY: false });
    const spool = await new Output(t.io, true).jsonSpool('array');
    const items = Array.from({ length: 5_000 }, (_, i) => ({ id: `n${i}`, text: 'x'.repeat(40) }));
    for (const item of items) spool.add(item);
    expect(t.stdout.text).toBe('');
    await spool.print();
    await spool.discard();
    expect(t.stdout.text).toBe(`${JSON.stringify(items)}\n`);
  });

  it('is pretty on a TTY', async () => {
    const t = fakeTerminal({ stdoutTTY: true });
    const spool = await new Output(t.io, true).jsonSpool('object');
    spool.add({ success: true }, 'a');
    await spool.print();
    await spool.discard();
    expect(t.stdout.text).toBe(`${JSON.stringify({ a: { success: true } }, null, 2)}\n`);
  });

  it('discarded before print() writes nothing to stdout and removes its file', async () => {
    const before = spoolFiles();
    const t = fakeTerminal();
    const spool = await new Output(t.io, true).jsonSpool('object');
    spool.add({ success: true }, 'a');
    expect(spoolFiles().length).toBe(before.length + 1);
    await spool.discard();
    await spool.discard();
    expect(t.stdout.text).toBe('');
    expect(spoolFiles()).toEqual(before);
  });
});
