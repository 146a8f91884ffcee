import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import { parseAdminQuery } from '../admin-query.js';
import { EmulatorError } from '../errors.js';
import type { Faults } from '../faults.js';
import { type Answer, ok, readJson } from '../http.js';
import type { Store } from '../store/store.js';
import { describeIssues } from '../validation.js';
import { pageAnswer, assetAnswer } from './assets.js';
import type { RequestLog } from './request-log.js';
import { revealTokens, snapshot } from './snapshot.js';

/** Where the UI lives, below the admin prefix: the admin routes' Host and Origin guard covers it. */
export const UI_PREFIX = '/_emulator/ui/';
const API_PREFIX = `${UI_PREFIX}api/`;
const ASSETS = 'assets/';

/** The views, each with an address of its own that the page answers for. */
const VIEWS = ['workspaces', 'data', 'requests', 'outbox', 'jobs', 'webhooks', 'faults'] as const;

/** The header that carries the run's token on the UI's own calls. */
const TOKEN_HEADER = 'x-svc-ui-token';

/**
 * The admin calls the page makes, by method and path below `/_emulator/`: passed on to the
 * admin routes once the token is checked, so the UI adds no state-changing logic of its own.
 */
const ADMIN_CALLS = new Set([
  'GET jobs',
  'GET outbox',
  'GET export',
  'POST reset',
  'POST import',
  'POST console-options',
  'POST faults',
  'POST jobs/step',
  'POST jobs/run',
  'POST jobs/fail',
  'GET webhooks/deliveries',
  'POST webhooks/resend',
]);

const revealRequest = z.strictObject({ workspaceId: z.string().min(1) });
const noQuery = z.strictObject({});

export interface UiDeps {
  store: Store;
  faults: Faults;
  requestLog: RequestLog;
}

/** Answers an admin route by its path below `/_emulator/`. */
export type AdminCall = (
  req: IncomingMessage,
  name: string,
  query: URLSearchParams,
) => Promise<Answer>;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The UI's routes: the page, its assets, and the calls it makes with the run's token. */
export class UiRoutes {
  /** Made fresh for each run; only a page served by this emulator learns it. */
  private readonly token = randomBytes(32).toString('base64url');

  constructor(private readonly deps: UiDeps) {}

  async answer(
    req: IncomingMessage,
    pathname: string,
    query: URLSearchParams,
    admin: AdminCall,
  ): Promise<Answer> {
    if (pathname === UI_PREFIX.slice(0, -1))
      return { status: 308, text: '', headers: { location: UI_PREFIX } };
    const rest = pathname.slice(UI_PREFIX.length);
    if (rest.startsWith(ASSETS)) return this.get(req, () => assetAnswer(rest.slice(ASSETS.length)));
    if (pathname.startsWith(API_PREFIX))
      return this.api(req, pathname.slice(API_PREFIX.length), query, admin);
    if (rest === '' || (VIEWS as readonly string[]).includes(rest))
      return this.get(req, () => pageAnswer(this.token));
    throw new EmulatorError('NOT_FOUND', `The emulator UI has no page at ${pathname}.`);
  }

  private async get(req: IncomingMessage, answer: () => Promise<Answer>): Promise<Answer> {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw onlyGet(req);
    return answer();
  }

  private async api(
    req: IncomingMessage,
    name: string,
    query: URLSearchParams,
    admin: AdminCall,
  ): Promise<Answer> {
    // A browser's EventSource cannot send headers; the stream carries bodies already redacted.
    if (name === 'requests') return this.get(req, async () => this.requests(req));
    this.checkToken(req);
    if (name === 'state')
      return this.get(req, async () => {
        parseAdminQuery(this.deps.store, query, noQuery);
        return ok(snapshot(this.deps.store, this.deps.faults.plan()));
      });
    if (name === 'reveal') return this.reveal(req);
    if (!ADMIN_CALLS.has(`${req.method ?? ''} ${name}`))
      throw new EmulatorError(
        'NOT_FOUND',
        `The emulator UI has no call ${req.method ?? ''} ${name}.`,
      );
    return admin(req, name, query);
  }

  private checkToken(req: IncomingMessage): void {
    const given = req.headers[TOKEN_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(this.token))) {
      throw new EmulatorError(
        'PERMISSION_DENIED',
        `The emulator UI's calls need this run's token in ${TOKEN_HEADER}: reload the page.`,
      );
    }
  }

  private async reveal(req: IncomingMessage): Promise<Answer> {
    if (req.method !== 'POST')
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `${API_PREFIX}reveal accepts POST only, not ${req.method ?? ''}.`,
        { headers: { allow: 'POST' } },
      );
    const parsed = revealRequest.safeParse(await readJson(req));
    if (!parsed.success)
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        describeIssues(parsed.error.issues, { root: '' }),
      );
    const tokens = revealTokens(this.deps.store, parsed.data.workspaceId);
    if (!tokens)
      throw new EmulatorError('NOT_FOUND', `Workspace ${parsed.data.workspaceId} not found.`);
    return ok(tokens);
  }

  /**
   * The calls kept, then each new one, as Server-Sent Events; resumes after Last-Event-ID.
   * A reader that does not keep up is not buffered for: once it drains, it gets what the log
   * still holds after the last call it was sent.
   */
  private requests(req: IncomingMessage): Answer {
    const log = this.deps.requestLog;
    const resumeAfter = Number(req.headers['last-event-id']);
    let sent = Number.isSafeInteger(resumeAfter) ? resumeAfter : 0;
    return {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8' },
      stream: (res: ServerResponse) => {
        let draining = false;
        let caughtUp = false;
        const flush = () => {
          draining = false;
          for (const exchange of log.since(sent)) {
            sent = exchange.seq;
            const frame = `id: ${exchange.seq}\nevent: request\ndata: ${JSON.stringify(exchange)}\n\n`;
            if (!res.write(frame)) {
              draining = true;
              res.once('drain', flush);
              return;
            }
          }
          // Tells the page that what follows is new, not the log it already had.
          if (!caughtUp) res.write('event: caught-up\ndata: {}\n\n');
          caughtUp = true;
        };
        res.flushHeaders();
        flush();
        const unsubscribe = log.subscribe(() => {
          if (!draining) flush();
        });
        res.on('close', unsubscribe);
      },
    };
  }
}

function onlyGet(req: IncomingMessage): EmulatorError {
  return new EmulatorError(
    'INVALID_ARGUMENT',
    `The emulator UI's pages accept GET only, not ${req.method ?? ''}.`,
    { headers: { allow: 'GET' } },
  );
}
