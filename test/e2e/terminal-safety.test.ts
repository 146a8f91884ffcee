import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { envelope } from '../support/envelopes.js';
import { jsonReply, startScriptedServer, type ScriptedServer } from '../support/http-server.js';
import { KEY, svcInTerminal } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * What a hostile name does when a terminal obeys it: OSC 0 retitles the window, CSI 2J
 * clears the screen, OSC 52 writes the clipboard, OSC 8 makes a link, BEL rings, and
 * U+009B is the one-byte CSI of C1.
 */
const HOSTILE =
  'pwn\u001b]0;pwned\u0007\u001b[2J\u001b]52;c;ZWNobyBoaQ==\u0007\u001b]8;;http://evil/\u001b\\link\u009b31m';
const SHOWN =
  'pwn\\x1b]0;pwned\\x07\\x1b[2J\\x1b]52;c;ZWNobyBoaQ==\\x07\\x1b]8;;http://evil/\\x1b\\link\\x9b31m';

/** Fails if any of the hostile sequences reached the terminal as they are. */
function expectNothingObeyed(raw: string): void {
  expect(raw).not.toContain('\u001b]');
  expect(raw).not.toContain('\u0007');
  expect(raw).not.toContain('\u001b[2J');
  expect(raw).not.toContain('\u009b');
}

/** Whatever the terminal shows, without the line breaks it adds at its width. */
// The terminal's own wrapping, and svc's between words (each added line indented under the
// text it continues), undone.
const unwrapped = (screen: string) =>
  screen.replace(/\n( +(?=\S))?/g, (_, indent) => (indent ? ' ' : ''));

describe('a hostile service', () => {
  let server: ScriptedServer;
  let env: Record<string, string>;
  const folders = [
    { folderId: 'f1', folderName: HOSTILE, parentFolderId: 'root', accessType: 'public' },
  ];

  beforeAll(async () => {
    server = await startScriptedServer((path) => {
      if (path.endsWith('/folders/get')) return jsonReply(envelope.standard(folders));
      if (path.endsWith('/send-login-link')) return jsonReply(envelope.noData(`sent ${HOSTILE}`));
      return jsonReply(envelope.error('NOT_FOUND', `Document ${HOSTILE} does not exist`), 404);
    });
    env = cleanEnv({ SVC_BASE_URL: server.url, SVC_API_KEY: 'k1', SVC_AUTH_TOKEN: 't1' });
  });
  afterAll(() => server.close());

  it('cannot retitle, clear or write the clipboard of the terminal through a table cell', async () => {
    const term = svcInTerminal(['folders', 'list', '--org', 'o'], env);
    expect(await term.exited).toBe(0);
    expectNothingObeyed(term.raw());
    expect(unwrapped(term.screen())).toContain(SHOWN);
  });

  it('cannot do it through an error message', async () => {
    const term = svcInTerminal(
      ['permissions', 'get', '--org', 'o', '--user', 'u', '--doc', 'd'],
      env,
    );
    expect(await term.exited).toBe(4);
    expectNothingObeyed(term.raw());
    expect(unwrapped(term.screen())).toContain(
      `error: NOT_FOUND: Document ${SHOWN} does not exist`,
    );
  });

  it('cannot do it through a success message, nor through the --debug trace', async () => {
    const term = svcInTerminal(
      [
        'workspace',
        'login-link',
        '--email',
        'a@example.com',
        '--continue-url',
        'http://localhost:3000/',
        '--debug',
      ],
      cleanEnv({ SVC_BASE_URL: server.url, SVC_WORKSPACE_ID: 'w1', SVC_WORKSPACE_TOKEN: 'w1t' }),
    );
    expect(await term.exited).toBe(0);
    expectNothingObeyed(term.raw());
    expect(unwrapped(term.screen())).toContain(`sent ${SHOWN}`);
  });

  it('keeps piped lines free of control codes too', async () => {
    const r = await svc(['folders', 'list', '--org', 'o'], env);
    expect(r.exitCode).toBe(0);
    // Piped lines also escape a backslash of the value's own (the one of ESC \ here) as
    // `\\`, so it cannot be read as the start of an escape such as `\x1b`.
    const piped = SHOWN.replace('\\x1b\\link', '\\x1b\\\\link');
    expect(piped).not.toBe(SHOWN);
    expect(r.stdout).toBe(`f1\t${piped}\troot\tpublic`);
  });

  it('cannot do it through a string that --jq prints at a terminal', async () => {
    const term = svcInTerminal(['folders', 'list', '--org', 'o', '--jq', '.[0].folderName'], env);
    expect(await term.exited).toBe(0);
    expectNothingObeyed(term.raw());
    expect(unwrapped(term.screen())).toContain(SHOWN);
  });

  it('leaves the strings --jq prints into a pipe as they are, for scripts', async () => {
    const r = await svc(['folders', 'list', '--org', 'o', '--jq', '.[0].folderName'], env);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(HOSTILE);
  });

  it('leaves --json byte-exact', async () => {
    const r = await svc(['folders', 'list', '--org', 'o', '--json'], env);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(JSON.stringify(folders));
  });
});

describe('hostile names in the emulator', () => {
  const emulator = useEmulator({
    seed: {
      workspaces: [
        {
          ownerEmail: 'owner@example.com',
          name: 'Olive',
          workspaceName: 'W',
          organizations: [
            { id: 'acme', name: 'Acme', folders: [{ id: 'evil', name: HOSTILE }], documents: [] },
          ],
        },
      ],
    },
  });

  it('shows a folder name with escapes as text', async () => {
    const term = svcInTerminal(['folders', 'list', '--org', 'acme'], emulator.env);
    expect(await term.exited).toBe(0);
    expectNothingObeyed(term.raw());
    expect(unwrapped(term.screen())).toContain(SHOWN);
  });

  it('shows an id in a confirmation prompt as text', async () => {
    const term = svcInTerminal(
      ['docs', 'disable', '--org', `o${HOSTILE}`, '--doc', 'd'],
      emulator.env,
    );
    await term.waitFor('(y/N)');
    term.type(`n${KEY.enter}`);
    expect(await term.exited).toBe(2);
    expectNothingObeyed(term.raw());
    expect(unwrapped(term.screen())).toContain(`o${SHOWN}? (y/N)`);
  });

  it('shows an id echoed back in an error message as text', async () => {
    const term = svcInTerminal(
      ['permissions', 'get', '--org', 'acme', '--user', 'alice', '--doc', `nope${HOSTILE}`],
      emulator.env,
    );
    expect(await term.exited).toBe(4);
    expectNothingObeyed(term.raw());
    expect(unwrapped(term.screen())).toContain(`nope${SHOWN}`);
  });
});
