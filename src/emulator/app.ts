import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { operationForPath } from '../catalogue/operations.js';
import { type AdminDeps, ADMIN_PREFIX, answerAdmin } from './admin.js';
import {
  type AdminToken,
  type BoundAddress,
  checkAdminRequest,
  checkServiceRequest,
} from './admin-guard.js';
import { answerApi, type RequestNote } from './api.js';
import { EmulatorError, type ErrorStatus } from './errors.js';
import { sleepFor } from './faults.js';
import type { HandlerTable } from './handlers/types.js';
import { type Answer, errorAnswer, send } from './http.js';
import { collectDecisions, type Decision } from './ui/decisions.js';
import type { RequestLog } from './ui/request-log.js';
import { UI_PREFIX, type UiRoutes } from './ui/routes.js';

export interface AppDeps extends AdminDeps {
  handlers: HandlerTable;
  /** false: the `/_emulator/` routes answer NOT_FOUND, as on the real service. */
  adminRoutes: boolean;
  /** When set, every admin route but health asks for this token. */
  adminToken?: AdminToken | undefined;
  /** Where the server listens, once it does: the admin routes answer requests addressed there. */
  boundAddress: () => BoundAddress;
  /** Told about failures that became INTERNAL answers; the emulator itself prints nothing. */
  onInternalError?: ((error: unknown) => void) | undefined;
  /** The web UI (src/emulator/ui), when it is served: its routes and the calls it shows. */
  ui?: { routes: UiRoutes; requestLog: RequestLog } | undefined;
}

function splitUrl(rawUrl: string): { pathname: string; query: URLSearchParams } {
  const at = rawUrl.indexOf('?');
  return at === -1
    ? { pathname: rawUrl, query: new URLSearchParams() }
    : { pathname: rawUrl.slice(0, at), query: new URLSearchParams(rawUrl.slice(at + 1)) };
}

/** Anything but an EmulatorError is a bug: the client gets a generic INTERNAL, no details. */
function asEmulatorError(error: unknown, deps: AppDeps): EmulatorError {
  if (error instanceof EmulatorError) return error;
  deps.onInternalError?.(error);
  return new EmulatorError('INTERNAL', 'Internal error.');
}

async function route(
  req: IncomingMessage,
  pathname: string,
  query: URLSearchParams,
  deps: AppDeps,
  note: RequestNote,
): Promise<Answer> {
  if (pathname.startsWith(ADMIN_PREFIX) && deps.adminRoutes) {
    checkAdminRequest(req, deps.boundAddress(), deps.adminToken);
    if (deps.ui && (pathname + '/').startsWith(UI_PREFIX))
      return deps.ui.routes.answer(req, pathname, query, (r, name, q) =>
        answerAdmin(r, ADMIN_PREFIX + name, q, deps),
      );
    return answerAdmin(req, pathname, query, deps);
  }
  checkServiceRequest(req, deps.boundAddress());
  const op = operationForPath(pathname);
  if (!op) throw new EmulatorError('NOT_FOUND', `No operation at ${pathname}.`);
  return answerApi(op, req, deps, note);
}

async function serve(req: IncomingMessage, res: ServerResponse, deps: AppDeps): Promise<void> {
  const method = req.method ?? '';
  const { pathname, query } = splitUrl(req.url ?? '/');
  const admin = pathname.startsWith(ADMIN_PREFIX);
  // Faults are for the API a client calls; the admin routes that control them stay reliable.
  const fault = admin ? undefined : deps.faults.decide(pathname);
  const note: RequestNote = {};
  const started = performance.now();
  const decisions: Decision[] = [];
  const record = (httpStatus: number, errorStatus?: ErrorStatus, response?: unknown) => {
    const entry = {
      time: deps.now(),
      method,
      path: pathname,
      httpStatus,
      ...(errorStatus !== undefined && { errorStatus }),
      ...(note.operation !== undefined && { operation: note.operation }),
      ...(note.workspaceId !== undefined && { workspaceId: note.workspaceId }),
      ...(note.items !== undefined && { items: note.items }),
      ...(fault?.label !== undefined && { fault: fault.label }),
    };
    deps.journal.record(entry);
    deps.ui?.requestLog.record(entry, {
      auth: note.auth,
      latencyMs: performance.now() - started,
      requestBody: note.requestBody,
      response,
      decisions,
      secrets: [
        req.headers[deps.headerNames.authToken],
        req.headers[deps.headerNames.workspaceAuthToken],
      ].flat(),
    });
  };

  if (fault) await sleepFor(fault.latencyMs);
  if (fault?.outcome.kind === 'drop-before') {
    req.socket.destroy();
    record(0);
    return;
  }
  let answer: Answer;
  let errorStatus: ErrorStatus | undefined;
  try {
    if (fault?.outcome.kind === 'answer') throw fault.outcome.error;
    answer = await collectDecisions(decisions, () => route(req, pathname, query, deps, note));
  } catch (error) {
    const failure = asEmulatorError(error, deps);
    errorStatus = failure.status;
    answer = errorAnswer(failure);
  }
  // The work is done and committed; the client just never hears of it.
  if (fault?.outcome.kind === 'drop-after') {
    res.destroy();
    record(0, errorStatus);
    return;
  }
  send(req, res, answer);
  // The journal is for what clients sent the service, not for the admin calls reading it.
  if (!admin) record(answer.status, errorStatus, 'json' in answer ? answer.json : undefined);
}

/** The emulator's whole request pipeline; every request gets an envelope, never a stack. */
export function createRequestListener(deps: AppDeps): RequestListener {
  return (req, res) => {
    serve(req, res, deps).catch((error: unknown) => {
      deps.onInternalError?.(error);
      if (!res.headersSent) {
        send(req, res, errorAnswer(new EmulatorError('INTERNAL', 'Internal error.')));
      } else if (!res.writableEnded) {
        res.destroy();
      }
    });
  };
}
