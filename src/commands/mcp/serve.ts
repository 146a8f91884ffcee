import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { RunningEmulator } from '../../emulator/server.js';
import { SvcError, TerminatedError, UsageError } from '../../errors/errors.js';
import type { HttpClient } from '../../http/client.js';
import type { servingOptions } from '../../mcp/serving-options.js';

type Options = HandlerOptions<typeof servingOptions>;

/** A confirmation token's life when --confirm-ttl is not given. */
const DEFAULT_CONFIRM_TTL_MS = 5 * 60_000;

/**
 * The private emulator of `--emulator`: on loopback, admin routes and UI off (nothing but
 * this process needs them), every console option on so that every tool can be tried, and
 * the workspace of owner@example.com (the seed's, or a new one).
 */
async function privateEmulator(ctx: Context, seed: string | undefined) {
  const [{ startEmulator, EmulatorError }, { CONSOLE_OPTION_NAMES }] = await Promise.all([
    import('../../emulator/server.js'),
    import('../../emulator/store/console-options.js'),
  ]);
  let emulator: RunningEmulator;
  try {
    emulator = await startEmulator({
      port: 0,
      host: '127.0.0.1',
      adminRoutes: false,
      ui: false,
      consoleOptions: CONSOLE_OPTION_NAMES,
      ...(seed !== undefined && { seed }),
    });
  } catch (err) {
    if (err instanceof EmulatorError) throw new UsageError(err.message);
    throw err;
  }
  const workspace = emulator.ensureWorkspace({
    ownerEmail: 'owner@example.com',
    name: 'Emulator owner',
  });
  ctx.out.info(`svc mcp: private emulator at ${emulator.url}, workspace ${workspace.workspaceId}`);
  return { emulator, workspace };
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  try {
    await serveWith(ctx, opts);
  } catch (error) {
    // A host that started svc mcp shows what its tool calls answer, not stderr: before the
    // reason is reported and svc exits, the handshake completes and each call answers with
    // it, until the host closes stdin. A person at a terminal hears it at once.
    const stdin = ctx.deps.stdin as { isTTY?: boolean };
    if (!(error instanceof SvcError) || stdin.isTTY === true || ctx.signal.aborted) throw error;
    const hint = error.hint ? ` (${error.hint.split('\n').join('; ')})` : '';
    const reason = ctx.redactor.text(`svc mcp could not start: ${error.message}${hint}`);
    const { serveRefusal } = await import('../../mcp/server.js');
    await serveRefusal(reason, {
      stdin: ctx.deps.stdin,
      stdout: ctx.deps.stdout,
      stop: ctx.signal,
      onError: (e) => ctx.out.warn(ctx.redactor.text(e.message)),
    });
    throw error;
  }
}

async function serveWith(ctx: Context, opts: Options): Promise<void> {
  // Both would be read as applying to the tools' calls, which they do not.
  if (ctx.yes) {
    throw new UsageError('--yes does not apply to svc mcp', {
      hint: 'each destructive call is confirmed by the user, or with its own token (see docs/mcp.md)',
    });
  }
  if (ctx.dryRun) {
    throw new UsageError('--dry-run does not apply to svc mcp', {
      hint: 'destructive tools preview before they act; --read-only serves no write at all',
    });
  }
  if (opts.emulator && ctx.explicitBaseUrl() !== undefined) {
    throw new UsageError(`--emulator serves its own service: drop ${ctx.explicitBaseUrlSource()}`);
  }
  // The SDK loads while the tools are chosen and the credentials resolved.
  const serverModule = import('../../mcp/server.js');
  const [
    { selectServed },
    { ConfirmationTokens },
    { openAuditLog },
    { toolSpecs },
    { committedToolList },
    { toolNames },
  ] = await Promise.all([
    import('../../mcp/flags.js'),
    import('../../mcp/confirmation.js'),
    import('../../mcp/audit.js'),
    import('../../mcp/tools.js'),
    import('../../mcp/tools-list.js'),
    import('./tool-names.js'),
  ]);
  const selection = selectServed(opts, toolNames);

  let emulator: RunningEmulator | undefined;
  let target: { baseUrl: string; workspaceId?: string; make: () => Promise<HttpClient> };
  if (opts.emulator) {
    const started = await privateEmulator(ctx, opts.seed);
    emulator = started.emulator;
    target = await ctx.prepareClient({
      baseUrl: emulator.url,
      source: '--emulator',
      credentials: started.workspace,
    });
  } else {
    // Bad settings stop svc mcp here; the HTTP stack loads with the first call.
    target = await ctx.prepareClient();
  }
  let client: Promise<HttpClient> | undefined;

  const audit = openAuditLog(
    opts.logFile === undefined ? { stream: ctx.io.stderr } : { file: opts.logFile },
    ctx.redactor,
    ctx.now,
  );
  try {
    const listed = committedToolList();
    const tools = toolSpecs(toolNames, selection.served, listed);
    const withheld = selection.withheld.map((w) => w.name);
    ctx.out.info(
      `svc mcp: serving ${tools.length} tool(s) for ${target.baseUrl}` +
        (withheld.length > 0 ? `; not served: ${withheld.join(', ')}` : ''),
    );
    const { serve } = await serverModule;
    await serve(
      {
        client: () => (client ??= target.make()),
        redactor: ctx.redactor,
        explain: async (error) =>
          (await import('../../cli/emulator-hint.js')).withEmulatorHint(ctx, error),
        tokens: new ConfirmationTokens(opts.confirmTtl ?? DEFAULT_CONFIRM_TTL_MS, ctx.now),
        revealSecrets: opts.revealSecrets === true,
        allowDestructive: opts.allowDestructive === true,
        now: ctx.now,
        sleep: ctx.sleep,
        audit,
        target: {
          baseUrl: target.baseUrl,
          ...(target.workspaceId !== undefined && { workspaceId: target.workspaceId }),
        },
      },
      tools,
      {
        withheld: [
          ...selection.withheld,
          ...toolNames
            .filter((t) => !selection.served.includes(t.name) && !withheld.includes(t.name))
            .map((t) => ({
              name: t.name,
              reason: 'left out by --toolsets, --tools or --exclude-tools',
            })),
        ],
        stdin: ctx.deps.stdin,
        stdout: ctx.deps.stdout,
        stop: ctx.signal,
        onError: (error) => ctx.out.warn(ctx.redactor.text(error.message)),
      },
    );
  } finally {
    audit.close();
    await emulator?.close();
  }
  const reason: unknown = ctx.signal.reason;
  // SIGTERM is how an MCP host ends the servers it started: a normal end, said by no error
  // line and no failing status. Ctrl-C, from a person, still exits 130.
  if (ctx.signal.aborted && reason instanceof SvcError && !(reason instanceof TerminatedError))
    throw reason;
}
