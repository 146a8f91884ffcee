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
    [60, 20],
    [37, 13],
    [23, 7],
  ])('fits %i columns: no line is wider, and every row is there', async (cols, rows) => {
    const term = svcInTerminal(['docs', 'list', '--org', 'acme'], env, { cols, rows });
    expect(await term.exited).toBe(0);
    const lines = linesOf(term.raw());
    expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(cols);
    expect(lines[0]).toMatch(/^ID\s/);
    // Each row starts a line with the start of its id.
    expect(lines.filter((line) => /^q/.test(line))).toHaveLength(documents.length);
  });

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

  it('at 60 columns, shows every id whole on one line, and no line is wider', async () => {
    const term = svcInTerminal(['docs', 'list', '--org', 'acme'], idEnv, { cols: 60, rows: 20 });
    expect(await term.exited).toBe(0);
    const lines = linesOf(term.raw());
    expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(60);
    for (const doc of docs) {
      expect(lines.some((line) => line.startsWith(`${doc.id}  `))).toBe(true);
    }
    expect(term.screen()).not.toMatch(/N0VF\S*…/);
  });

  it('at 37 columns, leaves columns out rather than cut an id, and says which', async () => {
    const term = svcInTerminal(['docs', 'list', '--org', 'acme'], env, { cols: 37, rows: 20 });
    expect(await term.exited).toBe(0);
    const lines = linesOf(term.raw());
    expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(37);
    for (const doc of documents) {
      expect(lines.some((line) => line.startsWith(`${doc.id}  `))).toBe(true);
    }
    expect(term.screen().replace(/\n/g, ' ')).toContain(
      'not shown at this width: DISABLED, ACCESS',
    );
  });
});
