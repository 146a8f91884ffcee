import type { CredentialHeaders } from '../config/header-prefix.js';
import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import { VERSION } from '../version.js';
import { EmulatorError } from './errors.js';
import { collabRoutes } from './collab-admin.js';
import { dataRoutes } from './data-admin.js';
import { faultPlan, type Faults } from './faults.js';
import { applyFixture } from './fixtures/apply.js';
import { emailConfigView } from './handlers/email-config.js';
import { parseFixture } from './fixtures/load.js';
import { type AdminRoutes, type Answer, readJson, readJsonAs, ok } from './http.js';
import { jobRoutes } from './jobs/admin.js';
import { webhookRoutes } from './webhooks/admin.js';
import type { WebhookEngine } from './webhooks/engine.js';
import type { JobEngine } from './jobs/engine.js';
import type { Journal } from './journal.js';
import type { SecretBox } from './secrets.js';
import type { ContinueHosts, PublicRateLimits } from './service-rules.js';
import { stateRoutes } from './state-admin.js';
import type { Store } from './store/store.js';
import { validateData } from './validation.js';

/** The reserved prefix of the emulator's own routes; no API path starts with it. */
export const ADMIN_PREFIX = '/_emulator/';

export interface AdminDeps {
  store: Store;
  journal: Journal;
  rateLimits: PublicRateLimits;
  continueHosts: ContinueHosts;
  now: () => number;
  jobs: JobEngine;
  secrets: SecretBox;
  faults: Faults;
  webhooks: WebhookEngine;
  /** The credential headers' names: the contract's `x-service-…`, or a deployment's prefix. */
  headerNames: CredentialHeaders;
}

const resetRequest = z.strictObject({ workspaceId: z.string().min(1).optional() });
const consoleOptionsRequest = z.strictObject({
  workspaceId: z.string().min(1),
  advancedQueries: z.boolean().optional(),
  activityService: z.boolean().optional(),
  notificationConfig: z.boolean().optional(),
});

function health(): Answer {
  return ok({ status: 'ok', version: VERSION });
}

async function reset(
  req: IncomingMessage,
  _query: URLSearchParams,
  deps: AdminDeps,
): Promise<Answer> {
  const { workspaceId } = validateData(resetRequest, await readJson(req));
  if (workspaceId === undefined) {
    deps.store.resetAll();
    deps.journal.clear();
    deps.rateLimits.clear();
  } else {
    if (!deps.store.resetWorkspace(workspaceId)) {
      throw new EmulatorError('NOT_FOUND', 'Workspace not found.');
    }
    deps.journal.forgetWorkspace(workspaceId);
  }
  return ok({ status: 'ok' });
}

/** Loads a fixture (the body) and answers the credentials of each workspace it names. */
async function seed(
  req: IncomingMessage,
  _query: URLSearchParams,
  deps: AdminDeps,
): Promise<Answer> {
  const fixture = parseFixture(await readJson(req), 'in the request body');
  return ok({ workspaces: applyFixture(deps, fixture, deps.now()) });
}

function outbox(_req: IncomingMessage, query: URLSearchParams, deps: AdminDeps): Answer {
  const messages = deps.store.outbox.list(query.get('to') ?? undefined).map((m) => ({
    id: m.id,
    kind: m.kind,
    to: m.toEmail,
    subject: m.subject,
    link: m.link,
    createdAt: m.createdAt,
  }));
  return ok({ messages });
}

/** Following a login link: the owner's email becomes verified, as in the real service. */
function verify(_req: IncomingMessage, query: URLSearchParams, deps: AdminDeps): Answer {
  const token = query.get('token');
  if (!token) throw new EmulatorError('INVALID_ARGUMENT', 'The token query parameter is missing.');
  const message = deps.store.outbox.findByVerifyToken(token);
  if (!message) throw new EmulatorError('NOT_FOUND', 'This link is not valid.');

  const owner = deps.store.workspaces.findByOwnerEmail(message.toEmail);
  if (owner) deps.store.workspaces.setEmailVerified(owner.id, true);
  const text = owner
    ? `Email ${message.toEmail} verified.\n`
    : `Signed in as ${message.toEmail}; that address owns no workspace, so nothing was verified.\n`;
  if (message.continueUrl === null) return { status: 200, text };
  return { status: 302, text, headers: { location: message.continueUrl } };
}

function journal(_req: IncomingMessage, _query: URLSearchParams, deps: AdminDeps): Answer {
  return ok({ entries: deps.journal.entries() });
}

/**
 * The email config of one API key as the service holds it, the provider key opened and
 * masked: tests see that it was stored, and what, without the key being shown.
 */
function emailConfig(_req: IncomingMessage, query: URLSearchParams, deps: AdminDeps): Answer {
  const workspaceId = query.get('workspaceId');
  const apiKeyId = query.get('apiKey');
  if (!workspaceId || !apiKeyId) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      'Give the workspaceId and apiKey query parameters.',
    );
  }
  const stored = deps.store.emailConfigs.get({ workspaceId, apiKeyId });
  if (!stored) throw new EmulatorError('NOT_FOUND', 'No email config is stored for this API key.');
  return ok(emailConfigView(stored, deps.secrets));
}

/** Switches console options of one workspace on or off; the others keep their values. */
async function consoleOptions(
  req: IncomingMessage,
  _query: URLSearchParams,
  deps: AdminDeps,
): Promise<Answer> {
  const { workspaceId, ...options } = await readJsonAs(req, consoleOptionsRequest);
  if (!deps.store.workspaces.findById(workspaceId))
    throw new EmulatorError('NOT_FOUND', 'Workspace not found.');
  deps.store.consoleOptions.set(workspaceId, options);
  return ok({ workspaceId, consoleOptions: deps.store.consoleOptions.get(workspaceId) });
}

/** Replaces the fault-injection plan (the body, as for `--faults`); `{"rules": []}` ends it. */
async function faults(
  req: IncomingMessage,
  _query: URLSearchParams,
  deps: AdminDeps,
): Promise<Answer> {
  deps.faults.set(validateData(faultPlan, await readJson(req)));
  return ok({ faults: deps.faults.plan() });
}

const routes: AdminRoutes<AdminDeps> = {
  health: { method: 'GET', route: health },
  reset: { method: 'POST', route: reset },
  seed: { method: 'POST', route: seed },
  outbox: { method: 'GET', route: outbox },
  verify: { method: 'GET', route: verify },
  journal: { method: 'GET', route: journal },
  'email-config': { method: 'GET', route: emailConfig },
  faults: { method: 'POST', route: faults },
  'console-options': { method: 'POST', route: consoleOptions },
  ...jobRoutes,
  ...webhookRoutes,
  ...dataRoutes,
  ...collabRoutes,
  ...stateRoutes,
};

/** A request under `/_emulator/`. */
export async function answerAdmin(
  req: IncomingMessage,
  pathname: string,
  query: URLSearchParams,
  deps: AdminDeps,
): Promise<Answer> {
  const name = pathname.slice(ADMIN_PREFIX.length);
  const entry = Object.hasOwn(routes, name) ? routes[name] : undefined;
  if (!entry) throw new EmulatorError('NOT_FOUND', `No emulator route ${pathname}.`);
  if (req.method !== entry.method) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `${pathname} accepts ${entry.method} only, not ${req.method ?? ''}.`,
      { headers: { allow: entry.method } },
    );
  }
  return entry.route(req, query, deps);
}
