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
