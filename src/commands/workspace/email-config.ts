import { emailTriggerNames, type EmailTrigger } from '../../catalogue/email-triggers.js';
import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import { UsageError } from '../../errors/errors.js';
import { mask } from '../../http/redact.js';
import { cellText, getPath } from '../../io/format.js';
import { readAll } from '../../io/input.js';
import {
  askForEmailConfig,
  nothingToSend,
  type EmailConfigRequest,
  type StoredConfig,
} from './email-questions.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { emailConfigOptions } from './index.js';

type Options = HandlerOptions<typeof emailConfigOptions>;

type Echoed = ResponseOf<'workspace.emailConfig'>;
type Stored = ResponseOf<'workspace.emailConfigGet'>;

const triggerSwitch = /^(.*)=(on|off)$/;

function badTrigger(value: string): UsageError {
  return new UsageError(
    `--trigger "${value}": give NAME=on or NAME=off, where NAME is one of ${emailTriggerNames.join(', ')}`,
  );
}

/** `NAME=on/off` switches → the flags of just the named triggers; a later repeat wins. */
function parseTriggers(switches: readonly string[]): Partial<Record<EmailTrigger, boolean>> {
  if (switches.length === 0) throw badTrigger('');
  const triggers: Partial<Record<EmailTrigger, boolean>> = {};
  for (const value of switches) {
    const [, name = '', state] = triggerSwitch.exec(value) ?? [];
    if (!(emailTriggerNames as readonly string[]).includes(name)) throw badTrigger(value);
    triggers[name as EmailTrigger] = state === 'on';
  }
  return triggers;
}

function keyFromEnv(ctx: Context): string | undefined {
  return ctx.env.SVC_EMAIL_PROVIDER_KEY || undefined;
}

/** The provider key from stdin or the environment: never from argv, where others see it. */
async function providerKey(ctx: Context, opts: Options): Promise<string | undefined> {
  if (opts.providerKeyStdin) {
    const key = (await readAll(ctx.io.stdin)).trim();
    if (key === '') throw new UsageError('--provider-key-stdin read an empty key from stdin');
    return key;
  }
  return keyFromEnv(ctx);
}

async function requestFromFlags(ctx: Context, opts: Options): Promise<EmailConfigRequest> {
  if (opts.enable && opts.disable) throw new UsageError('give --enable or --disable, not both');
  const apiKey = await providerKey(ctx, opts);
  const config = {
    ...(opts.provider !== undefined && { type: opts.provider }),
    ...(apiKey !== undefined && { apiKey }),
    ...(opts.fromEmail !== undefined && { fromEmail: opts.fromEmail }),
    ...(opts.fromCompany !== undefined && { fromCompany: opts.fromCompany }),
    ...(opts.trigger !== undefined && { triggers: parseTriggers(opts.trigger) }),
  };
  const use = opts.enable ? true : opts.disable ? false : undefined;
  return {
    ...(use !== undefined && { useEmailService: use }),
    ...(Object.keys(config).length > 0 && { emailServiceConfig: config }),
  };
}

/** What a person or a log may see: the provider key masked. */
function masked(config: EmailConfigRequest | NonNullable<Echoed>): EmailConfigRequest {
  const { emailServiceConfig: inner, ...rest } = config as EmailConfigRequest;
  if (!inner) return rest;
  return {
    ...rest,
    emailServiceConfig: {
      ...inner,
      ...(inner.apiKey !== undefined && { apiKey: mask(inner.apiKey) }),
    },
  };
}

/**
 * The triggers as the table shows them: when the whole set is known, the names of those
 * that are on; otherwise each one that was sent, with its state.
 */
function triggerSummary(triggers: Partial<Record<string, boolean>>): string {
  const entries = Object.entries(triggers);
  if (entries.length < emailTriggerNames.length) {
    return entries.map(([name, on]) => `${name}=${on ? 'on' : 'off'}`).join(', ');
  }
  return (
    entries
      .filter(([, on]) => on)
      .map(([name]) => name)
      .join(', ') || 'none'
  );
}

/** The row of the record table, with its triggers summed up. */
function displayRow(config: EmailConfigRequest): Record<string, unknown> {
  const triggers = config.emailServiceConfig?.triggers;
  return { ...config, triggers: triggers && triggerSummary(triggers) };
}

/** The guided setup's answers, key masked, on stderr before the question that sends them. */
function printSummary(
  ctx: Context,
  row: Record<string, unknown>,
  columns: readonly { header: string; path: string }[],
): void {
  ctx.out.info('');
  for (const { header, path } of columns) {
    const value = getPath(row, path);
    if (value !== undefined) ctx.out.info(`  ${header.padEnd(9)} ${cellText(value)}`);
  }
  ctx.out.info('');
}

/** Whether any flag says what to change; the environment's key alone does not. */
function flagsGiven(opts: Options): boolean {
  return [
    opts.enable,
    opts.disable,
    opts.provider,
    opts.providerKeyStdin,
    opts.fromEmail,
    opts.fromCompany,
    opts.trigger,
  ].some((flag) => flag !== undefined);
}

/**
 * What is stored, for the checks and questions of a change, asked with an update that
 * changes nothing (an empty configuration merges into the stored one as it is): newer
 * services echo the stored configuration, the key masked; the contract's null says nothing,
 * and gives undefined. Not operation 149, which answers its defaults where nothing is
 * stored, so that "no provider yet" and "the default provider" read alike.
 */
async function readStored(ctx: Context): Promise<StoredConfig> {
  const client = await ctx.client();
  const { data } = await client.call<Echoed>(operation('workspace.emailConfig'), {
    emailServiceConfig: {},
  });
  if (!data) return undefined;
  ctx.redactor.add(data.emailServiceConfig?.apiKey);
  return data as EmailConfigRequest;
}

/** `--show`: what is stored, the key masked, and nothing changed. */
async function show(ctx: Context): Promise<void> {
  const op = operation('workspace.emailConfigGet');
  const result = await send<Stored>(ctx, op, {});
  if (!result) return;
  ctx.redactor.add(result.data.emailServiceConfig.apiKey || undefined);
  const stored = masked(result.data as EmailConfigRequest);
  if (ctx.out.json) return ctx.out.jsonDocument(stored);
  return ctx.out.rows([displayRow(stored)], op.table);
}

/**
 * Refuses a change that would switch email on with nothing to send it. What is stored is
 * asked only when what is sent does not settle it, and not under --dry-run, which sends
 * nothing.
 */
async function checkSomethingSends(ctx: Context, request: EmailConfigRequest): Promise<void> {
  if (ctx.dryRun || nothingToSend(request, {}) === undefined) return;
  const problem = nothingToSend(request, await readStored(ctx));
  if (problem) throw new UsageError(problem);
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  if (opts.show) {
    if (flagsGiven(opts)) throw new UsageError('--show changes nothing: give it alone');
    return show(ctx);
  }
  const op = operation('workspace.emailConfig');
  // SVC_EMAIL_PROVIDER_KEY gives a value, not what to change: with no flags, a person at a
  // terminal is still guided (the key answers its question); a script's key alone is sent.
  const guided = !flagsGiven(opts) && ctx.prompter.enabled;
  const request = guided
    ? await askForEmailConfig(
        ctx,
        keyFromEnv(ctx),
        ctx.dryRun ? undefined : await readStored(ctx),
        (asked) => printSummary(ctx, displayRow(masked(asked)), op.table.columns),
      )
    : await requestFromFlags(ctx, opts);
  if (request.useEmailService === undefined && !request.emailServiceConfig) {
    throw new UsageError(
      'give what to change: --enable or --disable, --provider, --provider-key-stdin, --from-email, --from-company or --trigger',
      { hint: 'with no flags at a terminal, svc guides you through the setup' },
    );
  }
  ctx.redactor.add(request.emailServiceConfig?.apiKey);
  // The guided setup offers to save only what has something to send email with.
  if (!guided) await checkSomethingSends(ctx, request);

  const result = await send<Echoed>(ctx, op, request);
  if (!result) return;
  // A newer service echoes the stored configuration: that is what is in force.
  if (result.data) {
    const stored = masked(result.data);
    if (ctx.out.json) return ctx.out.jsonDocument(stored);
    ctx.out.info(
      stored.useEmailService === false
        ? 'Email notifications are now off: no emails are sent. Stored for when they are back on:'
        : 'Email configuration saved. Now in force:',
    );
    return ctx.out.rows([displayRow(stored)], op.table);
  }
  // The documented answer holds no configuration: the result is its message, and what the
  // change put in force is what was sent, over a stored configuration svc cannot read.
  if (ctx.out.json) return ctx.out.success(result.message || 'Email configuration saved.');
  printInForce(ctx, request, op.table.columns);
}

/** What a change that the service did not echo has put in force, and what it left alone. */
function printInForce(
  ctx: Context,
  request: EmailConfigRequest,
  columns: readonly { header: string; path: string }[],
): void {
  if (request.useEmailService === false) {
    ctx.out.info('Email notifications are now off: no emails are sent.');
    if (!request.emailServiceConfig) {
      return ctx.out.info(
        'The provider, sender and events stay stored, for when they are switched back on.',
      );
    }
  } else {
    ctx.out.info('Email configuration saved. Now in force:');
  }
  printSummary(ctx, displayRow(masked(request)), columns);
  ctx.out.info('Anything not listed is as it was.');
}
