import type * as z from 'zod';
import type { OperationByName, OperationName } from '../../catalogue/operations.js';
import type { AiRewriter } from '../ai/rewriter.js';
import type { AuthFor } from '../auth.js';
import type { JobEngine } from '../jobs/engine.js';
import type { SecretBox } from '../secrets.js';
import type { Scope } from '../store/scope.js';
import type { ContinueHosts, PublicRateLimits } from '../service-rules.js';
import type { Store } from '../store/store.js';
import type { WebhookEngine } from '../webhooks/engine.js';

/** What every handler may use; built once per running emulator. */
export interface HandlerDeps {
  store: Store;
  now: () => number;
  /** The emulator's own URL, for links it puts in the mail it "sends". */
  baseUrl: () => string;
  /** Per-IP limits of the public operations. */
  rateLimits: PublicRateLimits;
  /** Runs migrations and user-data deletions. */
  jobs: JobEngine;
  /** Whether the `/_emulator/` routes answer: what an error may tell a caller to use. */
  adminRoutes: boolean;
  /** Whether the admin routes ask for the admin token: a command that calls them sends it. */
  adminToken: boolean;
  /** Where a login link may continue to. */
  continueHosts: ContinueHosts;
  /** Seals provider keys before they are stored. */
  secrets: SecretBox;
  /** Calls the AI providers for rewrites. */
  ai: AiRewriter;
  /** Sends the webhooks of what the operations do. */
  webhooks: WebhookEngine;
}

export interface Caller<N extends OperationName> {
  auth: AuthFor<OperationByName<N>['auth']>;
  /** Of a key-level operation: the data the caller sees, its own workspace's and API key's. */
  scope: OperationByName<N>['auth'] extends 'key' ? Scope : undefined;
  /** The peer address of the connection; forwarding headers are not trusted. */
  clientIp: string;
}

type Payload<N extends OperationName> = z.input<OperationByName<N>['response']>;

/** A handler's answer, in the fields its operation's envelope kind has. */
export type Reply<N extends OperationName> = (OperationByName<N>['envelope'] extends 'ai'
  ? { data: Payload<N> }
  : OperationByName<N>['envelope'] extends 'no-data'
    ? { message: string }
    : {
        message: string;
        data: Payload<N>;
        /** Of a paged read: the next page's token, under the member its paging names. */
        next?: string;
      }) & {
  /** The workspace the request concerned, for the journal, when no credentials named it. */
  workspaceId?: string;
};

/** Synchronous for store work; a promise where the service itself calls out (AI providers). */
export type Handler<N extends OperationName> = (
  data: z.output<OperationByName<N>['request']>,
  caller: Caller<N>,
) => Reply<N> | Promise<Reply<N>>;

/** The handlers of some operations: what the module of one resource provides. */
export type Handlers<Names extends OperationName> = { [N in Names]: Handler<N> };

/** One handler for every operation of the catalogue: the compiler checks none is missing. */
export type HandlerTable = Handlers<OperationName>;

/** The shape every handler has once the catalogue's typing is set aside by the dispatcher. */
export interface ErasedReply {
  message?: string;
  data?: unknown;
  next?: string;
  workspaceId?: string;
}
export type ErasedHandler = (
  data: unknown,
  caller: { auth: unknown; scope: Scope | undefined; clientIp: string },
) => ErasedReply | Promise<ErasedReply>;
