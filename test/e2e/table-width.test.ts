import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { envelope } from '../support/envelopes.js';
import { jsonReply, startScriptedServer, type ScriptedServer } from '../support/http-server.js';
import { svcInTerminal } from '../support/pty.js';

const documents = Array.from({ length: 3 }, (_, i) => ({
  id: `quarterly-planning-document-${i}`,
  documentName: `The quarterly planning document number ${i}, with notes from every team`,
  disabled: false,
  accessType: 'organizationPrivate',
}));

let server: ScriptedServer;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startScriptedServer(() => jsonReply(envelope.standard(documents)));
  env = cleanEnv({ SVC_BASE_URL: server.url, SVC_API_KEY: 'k1', SVC_AUTH_TOKEN: 't1' });
});
afterAll(() => server.close());

/** The lines the terminal received, as wide as it drew them. */
const linesOf = (raw: string) => raw.split('\r\n').filter((line) => line !== '');

describe('a table on a terminal', () => {
  it.each([
    [60, 40],
    [37, 40],
    [23, 40],
  ])(
    'at %i columns, where the names cannot fit beside the ids, shows one record per block',
    async (cols, rows) => {
      const term = svcInTerminal(['docs', 'list', '--org', 'acme'], env, { cols, rows });
      expect(await term.exited).toBe(0);
      const lines = linesOf(term.raw());
      const text = lines.join('\n');
      const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // Beside its label, or on the line below where only that keeps it within the width.
      const shown = (label: string, value: string) =>
        new RegExp(`^${label}:\\s+${escaped(value)}$`, 'gm');
      for (const doc of documents) {
        expect(text).toMatch(shown('ID', doc.id));
        // A name is whole on its line, however long: only free text wraps.
        expect(text).toMatch(shown('NAME', doc.documentName));
      }
      expect(text.match(shown('ACCESS', 'organizationPrivate'))).toHaveLength(documents.length);
      // Only a line holding a value wider than the terminal itself is wider than it.
      for (const line of lines.filter((l) => [...l].length > cols)) {
        const whole = documents.some((doc) =>
          [doc.id, doc.documentName].some((v) => line.endsWith(v)),
        );
        expect(whole, line).toBe(true);
      }
      expect(term.screen()).not.toContain('…');
    },
  );

  it('keeps a table that fits as it was', async () => {
    const term = svcInTerminal(['docs', 'list', '--org', 'acme'], env, { cols: 200, rows: 10 });
    expect(await term.exited).toBe(0);
    expect(linesOf(term.raw())[1]).toMatch(
      /^quarterly-planning-document-0 {2}The quarterly planning document number 0, with notes from every team {2}false/,
    );
  });

  it('leaves piped lines whole', async () => {
    const r = await svc(['docs', 'list', '--org', 'acme'], { ...env, COLUMNS: '60' });
    expect(r.stdout.split('\n')[0]).toBe(
      `${documents[0]?.id}\t${documents[0]?.documentName}\tfalse\torganizationPrivate`,
    );
  });
});

describe('ids in a narrow table', () => {
  // Ids as the service makes them: 20 characters with no place to break.
  const docs = Array.from({ length: 3 }, (_, i) => ({
    id: `N0VFiO7rL6AqZx3TbW${i}k`,
    documentName: `The quarterly planning document number ${i}, with notes from every team`,
    disabled: false,
    accessType: 'organizationPrivate',
  }));
  let idServer: ScriptedServer;
  let idEnv: Record<string, string>;
  beforeAll(async () => {
    idServer = await startScriptedServer(() => jsonReply(envelope.standard(docs)));
    idEnv = cleanEnv({ SVC_BASE_URL: idServer.url, SVC_API_KEY: 'k1', SVC_AUTH_TOKEN: 't1' });
  });
  afterAll(() => idServer.close());

  it('at 60 columns, shows every id and every column, never cut', async () => {
    const term = svcInTerminal(['docs', 'list', '--org', 'acme'], idEnv, { cols: 60, rows: 20 });
    expect(await term.exited).toBe(0);
    const lines = linesOf(term.raw());
    for (const doc of docs) expect(lines).toContain(`ID:        ${doc.id}`);
    expect(lines.filter((line) => line.startsWith('DISABLED:'))).toHaveLength(docs.length);
    expect(term.screen()).not.toMatch(/N0VF\S*…/);
    expect(term.screen()).not.toContain('not shown at this width');
  });
});
