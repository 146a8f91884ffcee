import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import type { TableLayout } from '../../../src/catalogue/types.js';
import { Output } from '../../../src/io/output.js';
import { ANSI, fakeTerminal } from './fake-streams.js';

const tokensLayout: TableLayout = {
  rows: 'list',
  columns: [
    { header: 'NAME', path: 'name' },
    { header: 'TOKEN', path: 'token' },
    { header: 'DOMAINS', path: 'domains' },
  ],
};
const tokens = [
  { name: 'Default Auth Token', token: 'tok1', domains: ['a.com', 'b.com'] },
  { name: 'Second', token: 'tok2', domains: [] },
];
const bulkLayout: TableLayout = {
  rows: 'map',
  columns: [
    { header: 'ID', path: 'key' },
    { header: 'SUCCESS', path: 'success' },
    { header: 'MESSAGE', path: 'message' },
  ],
};
const bulk = {
  d1: { success: true, message: 'Document disabled' },
  d2: { success: false, message: 'Document not found' },
};

describe('Output.data without --json, piped (not a TTY)', () => {
  it('writes tab-separated lines, one record a line, no header', async () => {
    const t = fakeTerminal({ stdoutTTY: false });
    await new Output(t.io, false).data(tokens, tokensLayout);
    expect(t.stdout.text).toBe('Default Auth Token\ttok1\ta.com,b.com\nSecond\ttok2\t\n');
    expect(t.stderr.text).toBe('');
  });

  it('has no colour even when colour is forced', async () => {
    const t = fakeTerminal({ stdoutTTY: false, env: { FORCE_COLOR: '1' } });
    expect(t.io.colorStdout).toBe(true);
    await new Output(t.io, false).data(tokens, tokensLayout);
    expect(t.stdout.text).not.toMatch(ANSI);
    expect(t.stdout.text).toBe('Default Auth Token\ttok1\ta.com,b.com\nSecond\ttok2\t\n');
  });

  it('keeps each record on one line: tab, newline, CR and backslash in a cell are escaped', async () => {
    const t = fakeTerminal();
    const layout: TableLayout = {
      rows: 'list',
      columns: [
        { header: 'A', path: 'a' },
        { header: 'B', path: 'b.c' },
        { header: 'C', path: 'missing' },
      ],
    };
    await new Output(t.io, false).data([{ a: 'x\ty\r\nz\\w\u001b', b: { c: { d: 1 } } }], layout);
    expect(t.stdout.text).toBe('x\\ty\\r\\nz\\\\w\\x1b\t{"d":1}\t\n');
  });

  it('a map-shaped result (bulk) becomes rows with the key column', async () => {
    const t = fakeTerminal();
    await new Output(t.io, false).data(bulk, bulkLayout);
    expect(t.stdout.text).toBe('d1\ttrue\tDocument disabled\nd2\tfalse\tDocument not found\n');
  });

  it('rows at a path inside data (workspace tokens)', async () => {
    const t = fakeTerminal();
    await new Output(t.io, false).data(
      { apiKey: 'key_1', authTokens: tokens },
      operation('workspace.authTokens').table,
    );
    expect(t.stdout.text).toBe('Default Auth Token\ttok1\ta.com,b.com\nSecond\ttok2\t\n');
  });

  it('a record is one line', async () => {
    const t = fakeTerminal();
    await new Output(t.io, false).data(
      { migrationId: 'm-1', status: 'in_progress' },
      operation('documents.migrationStatus').table,
    );
    expect(t.stdout.text).toBe('m-1\tin_progress\n');
  });

  it('writes nothing for an empty list, null data, or a layout without columns', async () => {
    const t = fakeTerminal();
    const out = new Output(t.io, false);
    await out.data([], tokensLayout);
    await out.data(null, tokensLayout);
    await out.data({ anything: 1 }, { rows: 'record', columns: [] });
    expect(t.stdout.text).toBe('');
  });
});

describe('Output.data without --json, on a TTY', () => {
  it('draws a table with headers', async () => {
    const t = fakeTerminal({ stdoutTTY: true, noColorFlag: true });
    await new Output(t.io, false).data(tokens, tokensLayout);
    expect(t.stdout.text.split('\n').map((l) => l.trimEnd())).toEqual([
      'NAME                TOKEN  DOMAINS',
      'Default Auth Token  tok1   a.com,b.com',
      'Second              tok2',
      '',
    ]);
  });

  it('headers are bold when stdout has colour', async () => {
    const t = fakeTerminal({ stdoutTTY: true });
    const out = new Output(t.io, false);
    await out.loadStyles();
    await out.data(tokens, tokensLayout);
    const first = t.stdout.text.split('\n')[0] ?? '';
    expect(first).toContain('\u001b[1mNAME\u001b[22m');
    expect(first).toContain('\u001b[1mTOKEN\u001b[22m');
    expect(t.stdout.text).toContain('Default Auth Token');
  });

  it('a map-shaped result is a table keyed by ID', async () => {
    const t = fakeTerminal({ stdoutTTY: true, noColorFlag: true });
    await new Output(t.io, false).data(bulk, bulkLayout);
    expect(t.stdout.text.split('\n').map((l) => l.trimEnd())).toEqual([
      'ID  SUCCESS  MESSAGE',
      'd1  true     Document disabled',
      'd2  false    Document not found',
      '',
    ]);
  });

  it('a single record is printed as aligned label/value lines', async () => {
    const t = fakeTerminal({ stdoutTTY: true, noColorFlag: true });
    await new Output(t.io, false).data(
      { migrationId: 'm-1', status: 'completed' },
      operation('documents.migrationStatus').table,
    );
    expect(t.stdout.text).toBe('MIGRATION  m-1\nSTATUS     completed\n');
  });
});

describe('Output.data with --json', () => {
  const doc = { apiKey: 'key_1', authTokens: [{ token: 'tok1', name: 'n', domains: [] }] };

  it('is compact when piped: exactly one JSON document', async () => {
    const t = fakeTerminal({ stdoutTTY: false });
    await new Output(t.io, true).data(doc, tokensLayout);
    expect(t.stdout.text).toBe(`${JSON.stringify(doc)}\n`);
    expect(JSON.parse(t.stdout.text)).toEqual(doc);
    expect(t.stderr.text).toBe('');
  });

  it('is pretty-printed on a TTY, without colour', async () => {
    const t = fakeTerminal({ stdoutTTY: true });
    await new Output(t.io, true).data(doc, tokensLayout);
    expect(t.stdout.text).toBe(`${JSON.stringify(doc, null, 2)}\n`);
    expect(t.stdout.text).not.toMatch(ANSI);
  });

  it('prints the data itself, not rows: a list stays an array, a map stays a map', async () => {
    const t = fakeTerminal();
    const out = new Output(t.io, true);
    await out.data(tokens, tokensLayout);
    await out.data(bulk, bulkLayout);
    expect(t.stdout.text).toBe(`${JSON.stringify(tokens)}\n${JSON.stringify(bulk)}\n`);
  });

  it('undefined is printed as null so stdout is still one JSON document', () => {
    const t = fakeTerminal();
    new Output(t.io, true).jsonDocument(undefined);
    expect(t.stdout.text).toBe('null\n');
  });
});

describe('Output.success', () => {
  it('with --json: {"status":"success","message":…} on stdout', () => {
    const t = fakeTerminal();
    new Output(t.io, true).success('Login link sent');
    expect(t.stdout.text).toBe('{"status":"success","message":"Login link sent"}\n');
    expect(t.stderr.text).toBe('');
  });

  it('with --json on a TTY: pretty', () => {
    const t = fakeTerminal({ stdoutTTY: true });
    new Output(t.io, true).success('done');
    expect(t.stdout.text).toBe('{\n  "status": "success",\n  "message": "done"\n}\n');
  });

  it('without --json: a line on stderr, nothing on stdout', () => {
    const t = fakeTerminal();
    new Output(t.io, false).success('Login link sent');
    expect(t.stdout.text).toBe('');
    expect(t.stderr.text).toBe('Login link sent\n');
  });
});

describe('Output.info and Output.warn', () => {
  it('go to stderr, never stdout', () => {
    const t = fakeTerminal();
    const out = new Output(t.io, false);
    out.info('working');
    out.warn('careful');
    expect(t.stdout.text).toBe('');
    expect(t.stderr.text).toBe('working\nwarning: careful\n');
  });

  it('warn is yellow on a colour stderr', async () => {
    const t = fakeTerminal({ stderrTTY: true });
    const out = new Output(t.io, false);
    await out.loadStyles();
    out.warn('careful');
    expect(t.stderr.text).toBe('\u001b[33mwarning:\u001b[39m careful\n');
  });

  it('is plain until the colours have loaded, and where no stream has colour', async () => {
    const colourless = fakeTerminal();
    const out = new Output(colourless.io, false);
    await out.loadStyles();
    out.warn('careful');
    const early = fakeTerminal({ stderrTTY: true });
    new Output(early.io, false).warn('careful');
    expect([colourless.stderr.text, early.stderr.text]).toEqual([
      'warning: careful\n',
      'warning: careful\n',
    ]);
  });

  it('under --json, info and warn are JSON lines, even on a TTY', () => {
    const t = fakeTerminal({ stderrTTY: true, stdoutTTY: true });
    const out = new Output(t.io, true);
    out.warn('careful');
    out.info('done \x1b]0;x\x07');
    expect(t.stderr.text).toBe(
      '{"warning":{"message":"careful"}}\n{"info":{"message":"done \\u001b]0;x\\u0007"}}\n',
    );
  });
});
