import { describe, expect, it } from 'vitest';
import type { TableLayout } from '../../../src/catalogue/types.js';
import { Output } from '../../../src/io/output.js';
import { fakeTerminal } from './fake-streams.js';

const profiles: TableLayout = {
  rows: 'list',
  columns: [
    { header: 'NAME', path: 'name' },
    { header: 'ACTIVE', path: 'active' },
    { header: 'SERVICE', path: 'baseUrl' },
    { header: 'API KEY', path: 'apiKey' },
  ],
};
const rows = [
  {
    name: 'ci-example.com-workspace-acme',
    active: true,
    baseUrl: null,
    apiKey: 'hGBcc6gcEEirHiWi86o2',
  },
  { name: 'default', active: false, baseUrl: null, apiKey: 'N0VFiO7rL6AqZx3TbW0k' },
];

async function printed(columns: number, layout: TableLayout, data: unknown): Promise<string> {
  const t = fakeTerminal({ stdoutTTY: true, columns });
  await new Output(t.io, false).data(data, layout);
  return t.stdout.text;
}

describe('a listing at a terminal', () => {
  it('leaves out a column nobody filled, and keeps a table that fits', async () => {
    expect(await printed(80, profiles, rows)).toBe(
      [
        'NAME                           ACTIVE  API KEY               ',
        'ci-example.com-workspace-acme  true    hGBcc6gcEEirHiWi86o2  ',
        'default                        false   N0VFiO7rL6AqZx3TbW0k  ',
        '',
      ].join('\n'),
    );
  });

  it('falls back to one record per block when the whole values cannot fit side by side', async () => {
    expect(await printed(50, profiles, rows)).toBe(
      [
        'NAME:     ci-example.com-workspace-acme',
        'ACTIVE:   true',
        'API KEY:  hGBcc6gcEEirHiWi86o2',
        '',
        'NAME:     default',
        'ACTIVE:   false',
        'API KEY:  N0VFiO7rL6AqZx3TbW0k',
        '',
      ].join('\n'),
    );
  });

  it('wraps only free text, between its words, to keep a table', async () => {
    const layout: TableLayout = {
      rows: 'map',
      columns: [
        { header: 'ID', path: 'key' },
        { header: 'SUCCESS', path: 'success' },
        { header: 'MESSAGE', path: 'message', wraps: true },
      ],
    };
    const data = {
      'quarterly-planning-2026': { success: false, message: 'the document was not found here' },
    };
    const text = await printed(50, layout, data);
    expect(text).toBe(
      [
        'ID                       SUCCESS  MESSAGE         ',
        'quarterly-planning-2026  false    the document    ',
        '                                  was not found   ',
        '                                  here            ',
        '',
      ].join('\n'),
    );
  });

  it('leaves piped lines as they were, every column there', async () => {
    const t = fakeTerminal({ stdoutTTY: false, columns: 20 });
    await new Output(t.io, false).data(rows, profiles);
    expect(t.stdout.text).toBe(
      'ci-example.com-workspace-acme\ttrue\t\thGBcc6gcEEirHiWi86o2\ndefault\tfalse\t\tN0VFiO7rL6AqZx3TbW0k\n',
    );
  });
});

describe('notices at a terminal', () => {
  const line = 'No documents in organization acme: run svc docs add --org acme to add one';

  it('break between words to fit stderr, never inside one nor inside a command', () => {
    const t = fakeTerminal({ stderrTTY: true, stderrColumns: 30 });
    new Output(t.io, false).info(line);
    // The command, wider than the line, stays whole on a line of its own, to paste as one.
    expect(t.stderr.text).toBe(
      'No documents in organization\nacme: run\nsvc docs add --org acme to add one\n',
    );
  });

  it('a warning continues under its text', () => {
    const t = fakeTerminal({ stderrTTY: true, stderrColumns: 40 });
    new Output(t.io, false).warn(line);
    expect(t.stderr.text).toBe(
      'warning: No documents in organization\n         acme: run\n         svc docs add --org acme to add one\n',
    );
  });

  it('are one line each into a pipe', () => {
    const t = fakeTerminal({ stderrTTY: false, stderrColumns: 30 });
    new Output(t.io, false).info(line);
    expect(t.stderr.text).toBe(`${line}\n`);
  });
});
