import { explicitHeaderPrefix, ownPrefix } from '../../config/header-prefix.js';
import type { OptionsOf } from '../../cli/declare/options.js';
import type { GlobalOptions } from '../../cli/globals.js';
import type { FaultPlan } from '../../emulator/faults.js';
import {
  allowedHostOf,
  isAdminToken,
  MIN_ADMIN_TOKEN_LENGTH,
  newAdminToken,
} from '../../emulator/admin-guard.js';
import type { EmulatorOptions, RunningEmulator } from '../../emulator/server.js';
import { isHostName } from '../../emulator/service-rules.js';
import {
  CONSOLE_OPTION_NAMES,
  type ConsoleOptionName,
} from '../../emulator/store/console-options.js';
import { favorMemoryWhenIdle } from '../../cli/heap.js';
import { UsageError } from '../../errors/errors.js';
import { ADMIN_TOKEN_VAR, type EmulatorStartCode } from '../../emulator/launch.js';
import { isLoopback } from '../../http/loopback.js';
import { formatIssues } from '../../http/validation.js';
import { parseJsonArg, readTextArg } from '../../io/input.js';
import { aiUrlEnv, type serverOptions } from './index.js';

/** Where a fixture's JSON text may come from instead of a file (a container's variable). */
export const SEED_JSON_VAR = 'SVC_EMULATOR_SEED_JSON';

/**
 * The flags of a command that starts an emulator, as declared: `admin` is false with
 * --no-admin; `ui` is true with --ui, false with --no-ui, undefined with neither.
 */
export type ServerFlags = GlobalOptions & OptionsOf<typeof serverOptions>;

/** The variable that sets the admin token; a secret, so it has no flag (argv is public). */
export { ADMIN_TOKEN_VAR };

export function parseServerFlags(opts: ServerFlags): EmulatorOptions & {
  port: number;
  host: string;
} {
  return {
    port: opts.port,
    host: opts.host,
    ...(opts.dataDir && { dataDir: opts.dataDir }),
    ...(opts.seed && { seed: opts.seed }),
    ...(opts.jobDelay !== undefined && { jobDelay: opts.jobDelay }),
    ...(opts.admin === false && { adminRoutes: false }),
    ui: servesUi(opts),
    ...(opts.allowedHost && { allowedHosts: parseAllowedHosts(opts.allowedHost) }),
    ...(opts.consoleOption && { consoleOptions: parseConsoleOptions(opts.consoleOption) }),
    ...(opts.allowedContinueHost && {
      allowedContinueHosts: parseContinueHosts(opts.allowedContinueHost),
    }),
    ...(opts.webhookHost && { webhookHosts: parseHosts(opts.webhookHost, '--webhook-host') }),
    aiProviderUrls: providerUrls(opts),
  };
}

type AiProvider = keyof typeof aiUrlEnv;

/** Each provider's URL flag, as the options record names it and as a person types it. */
const aiUrlFlags = {
  openai: { key: 'openaiUrl', flag: '--openai-url' },
  anthropic: { key: 'anthropicUrl', flag: '--anthropic-url' },
  google: { key: 'googleUrl', flag: '--google-url' },
} as const satisfies Record<AiProvider, { key: keyof ServerFlags; flag: string }>;

/**
 * The provider URLs given; providers not named keep their public API. A rewrite sends the
 * workspace's provider key with the text, so plain http goes only to this machine unless
 * `--insecure` says the network is trusted.
 */
function providerUrls(opts: ServerFlags): Partial<Record<AiProvider, string>> {
  const urls: Partial<Record<AiProvider, string>> = {};
  for (const provider of Object.keys(aiUrlFlags) as AiProvider[]) {
    const { key, flag } = aiUrlFlags[provider];
    const url = opts[key];
    if (url === undefined) continue;
    const { protocol, hostname } = new URL(url);
    if (protocol === 'http:' && !isLoopback(hostname) && opts.insecure !== true) {
      throw new UsageError(
        `${flag} (or ${aiUrlEnv[provider]}) ${url} is plain http to another machine: ` +
          "AI rewrite would send the workspace's provider key there in clear",
        { hint: `use an https:// URL, or pass --insecure if this network is trusted` },
      );
    }
    urls[provider] = url;
  }
  return urls;
}

/**
 * A notice for each provider URL that came from the environment rather than a flag: a
 * variable set long ago, or by someone else, silently sends the provider keys elsewhere.
 */
export function providerUrlNotices(opts: ServerFlags, env: NodeJS.ProcessEnv): string[] {
  const notices: string[] = [];
  for (const provider of Object.keys(aiUrlFlags) as AiProvider[]) {
    const { key, flag } = aiUrlFlags[provider];
    const name = aiUrlEnv[provider];
    const fromEnv = env[name];
    if (fromEnv === undefined || fromEnv === '' || opts[key] !== fromEnv) continue;
    notices.push(
      `AI rewrite with ${provider} keys goes to ${fromEnv}, from ${name} (${flag} overrides it)`,
    );
  }
  return notices;
}

/**
 * The UI is on by default on loopback; an emulator facing the network serves it only when
 * asked with --ui. It stands on the admin routes, so --no-admin switches it off too.
 */
function servesUi(opts: ServerFlags): boolean {
  if (opts.admin === false) {
    if (opts.ui === true)
      throw new UsageError('--ui needs the admin routes: drop --no-admin, or drop --ui');
    return false;
  }
  return opts.ui ?? isLoopback(opts.host);
}

function parseAllowedHosts(hosts: readonly string[]): string[] {
  for (const host of hosts) {
    if (allowedHostOf(host) === undefined)
      throw new UsageError(
        `--allowed-host (or SVC_EMULATOR_ALLOWED_HOSTS) takes a host name or IP address with an optional :port, such as svc-emulator or svc-emulator:8080, got "${host}"`,
      );
  }
  return [...hosts];
}

/**
 * The admin token the admin routes ask for: the variable's, else one made for this start
 * (`generated`: nobody else knows it yet), none with --no-admin-token or --no-admin. Without
 * one, any user of this machine could export every token, so it is the default, and an
 * emulator facing the network may not go without it.
 */
export function adminTokenFrom(
  opts: ServerFlags,
  env: NodeJS.ProcessEnv,
): { token: string; generated: boolean } | undefined {
  if (opts.admin === false) return undefined;
  const set = env[ADMIN_TOKEN_VAR];
  // Set but empty is a secret that did not arrive (a fork's pull request, where
  // `${{ secrets.X }}` is empty): a token made here instead would leave its user locked out.
  if (set === '')
    throw new UsageError(
      `${ADMIN_TOKEN_VAR} is set but empty: give it a token, or unset it for one made at start`,
    );
  const given = set !== undefined;
  if (opts.adminToken === false) {
    if (given)
      throw new UsageError(
        `--no-admin-token and ${ADMIN_TOKEN_VAR} contradict each other: unset the variable, or drop the flag`,
      );
    if (!isLoopback(opts.host))
      throw new UsageError(
        `--host ${opts.host} with --no-admin-token would let anyone on the network reset the emulator and export every token`,
        { hint: 'drop --no-admin-token (the start then prints the token), or pass --no-admin' },
      );
    return undefined;
  }
  if (given) {
    if (!isAdminToken(set))
      throw new UsageError(
        `${ADMIN_TOKEN_VAR} must be ${MIN_ADMIN_TOKEN_LENGTH} to 256 printable ASCII characters without spaces`,
        { hint: 'openssl rand -hex 32 makes one' },
      );
    return { token: set, generated: false };
  }
  return { token: newAdminToken(), generated: true };
}

/** Said when a start goes without the admin token: who else can now do what. */
export const NO_ADMIN_TOKEN_WARNING =
  '--no-admin-token: every user of this machine can reset this emulator and export its tokens and webhook secrets';

/** The address of the web UI that carries the admin token, for a person's browser. */
export function uiLink(uiUrl: string, token: string | undefined): string {
  return token === undefined ? uiUrl : `${uiUrl}#token=${encodeURIComponent(token)}`;
}

/** `--console-option` names, `all` standing for every one. */
function parseConsoleOptions(names: readonly string[]): ConsoleOptionName[] {
  const chosen = new Set<ConsoleOptionName>();
  for (const name of names) {
    if (name === 'all') CONSOLE_OPTION_NAMES.forEach((n) => chosen.add(n));
    else if ((CONSOLE_OPTION_NAMES as readonly string[]).includes(name))
      chosen.add(name as ConsoleOptionName);
    else
      throw new UsageError(
        `--console-option must be one of ${CONSOLE_OPTION_NAMES.join(', ')} or all, got "${name}"`,
      );
  }
  return [...chosen];
}

function parseContinueHosts(hosts: readonly string[]): string[] {
  return parseHosts(hosts, '--allowed-continue-host');
}

function parseHosts(hosts: readonly string[], flag: string): string[] {
  for (const host of hosts) {
    if (!isHostName(host))
      throw new UsageError(`${flag} takes a host name such as console.example.com, got "${host}"`);
  }
  return [...hosts];
}

/** `--faults JSON` or `--faults @file`: a fault plan (docs/emulator-faults.md), checked. */
async function readFaultPlan(value: string): Promise<FaultPlan> {
  if (value === '-') throw new UsageError('--faults takes JSON or @file, not stdin');
  const text = await readTextArg(value, process.stdin, '--faults');
  const { faultPlan } = await import('../../emulator/faults.js');
  const parsed = faultPlan.safeParse(await parseJsonArg(text, '--faults'));
  if (!parsed.success) {
    throw new UsageError(`--faults is not a fault plan: ${formatIssues(parsed.error.issues)}`);
  }
  return parsed.data;
}

/** Which of the two won, for a restart given both a seed file and a data dir with state. */
function seedOverStoredState(seed: string, dataDir: string): string {
  return (
    `${seed} was applied over the state kept in --data-dir ${dataDir}: ` +
    "the seed's organizations, console options and AI keys replaced the stored ones; " +
    'everything else stored was kept'
  );
}

/**
 * A start refused for a reason its caller may act on: a usage error to a person, and its
 * code to a program that started it (the emulator library, over their IPC channel).
 */
export class StartRefused extends UsageError {
  constructor(
    readonly code: EmulatorStartCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Starts the emulator for a command; a bad seed file or a port in use is a usage error.
 * `warn` hears of a start that exposes the admin routes, `say` of a seed applied over
 * stored state.
 */
export async function startFromFlags(
  opts: ServerFlags,
  {
    warn,
    say,
    env,
    headerPrefix: prefixFlag,
  }: {
    warn: (line: string) => void;
    say: (line: string) => void;
    env: NodeJS.ProcessEnv;
    /** The global --header-prefix: the names of the credential headers it reads. */
    headerPrefix: string | undefined;
  },
): Promise<{
  emulator: RunningEmulator;
  adminToken?: { token: string; generated: boolean };
  /** The credential headers' prefix it reads, where it is not the contract's. */
  headerPrefix?: string;
}> {
  const admin = adminTokenFrom(opts, env);
  const headerPrefix = ownPrefix(explicitHeaderPrefix(prefixFlag, env)?.prefix);
  const seedJson = env[SEED_JSON_VAR];
  const options = {
    ...parseServerFlags(opts),
    ...(opts.faults !== undefined && { faults: await readFaultPlan(opts.faults) }),
    ...(admin && { adminToken: admin.token }),
    ...(seedJson !== undefined && seedJson !== '' && { seedJson }),
    ...(headerPrefix !== undefined && { headerPrefix }),
  };
  const { startEmulator, EmulatorError, FixtureError } = await import('../../emulator/server.js');
  let emulator: RunningEmulator;
  try {
    emulator = await startEmulator(options);
  } catch (err) {
    if (err instanceof FixtureError) throw new StartRefused('invalid-fixture', err.message);
    if (err instanceof EmulatorError) throw new UsageError(err.message);
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE')
      throw new StartRefused('port-in-use', `port ${options.port} is already in use`);
    if (code === 'EACCES')
      throw new StartRefused(
        'port-not-permitted',
        `not allowed to listen on ${options.host}:${options.port}`,
      );
    if (code === 'EADDRNOTAVAIL') throw new UsageError(`cannot bind to address ${options.host}`);
    throw err;
  }
  // Started, and seeded: what it does from here is serve requests, and mostly wait for them.
  favorMemoryWhenIdle();
  if (opts.admin !== false && admin === undefined) warn(NO_ADMIN_TOKEN_WARNING);
  for (const notice of providerUrlNotices(opts, env)) say(notice);
  const seedSource =
    options.seed !== undefined
      ? `--seed ${options.seed}`
      : options.seedJson !== undefined
        ? `The fixture in ${SEED_JSON_VAR}`
        : undefined;
  if (seedSource !== undefined && options.dataDir !== undefined && emulator.restored)
    say(seedOverStoredState(seedSource, options.dataDir));
  return {
    emulator,
    ...(admin && { adminToken: admin }),
    ...(headerPrefix !== undefined && { headerPrefix }),
  };
}
