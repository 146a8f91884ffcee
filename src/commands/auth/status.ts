import type { Context, Session } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { credentialEnvVars, type Credentials } from '../../config/credentials.js';
import { CredentialsError } from '../../errors/errors.js';
import { mask } from '../../http/redact.js';
import { fieldLine } from '../../io/record-block.js';
import { verdictError, verifyKeyPair, verifyWorkspacePair, type Verdict } from './verify.js';

interface Check {
  id: string | undefined;
  token: string;
  /** Where the token comes from: the environment, the OS keyring or the config file. */
  source: 'env' | 'keyring' | 'file' | 'none';
  /** true only when the service accepted the pair; null when it was not checked. */
  valid: boolean | null;
  verdict: 'valid' | 'rejected' | 'unchecked' | 'not set' | 'no service URL';
  error?: string;
}

function sourceOf(
  ctx: Context,
  session: Session,
  key: keyof Credentials,
  present: boolean,
): Check['source'] {
  if (!present) return 'none';
  if (ctx.env[credentialEnvVars[key]]) return 'env';
  return session.secretsIn ?? 'file';
}

function record(check: Check, verdict: Verdict): void {
  check.verdict = verdict.verdict;
  check.valid = verdict.verdict === 'valid' ? true : verdict.verdict === 'rejected' ? false : null;
  if (verdict.verdict !== 'valid') check.error = verdict.reason;
}

function verdictText(ctx: Context, check: Check): string {
  const s = ctx.out.style.out;
  switch (check.verdict) {
    case 'not set':
      return s.dim('not set');
    case 'no service URL':
      return s.yellow('not checked (no service URL)');
    case 'valid':
      return s.green('valid');
    case 'rejected':
      return s.red(`rejected (${check.error ?? ''})`);
    case 'unchecked':
      return s.yellow(`could not check: ${check.error ?? ''}`);
  }
}

export async function run(ctx: Context, _opts: GlobalOptions): Promise<void> {
  const session = await ctx.session();
  const c = session.credentials;
  const client = session.baseUrl ? await ctx.client() : undefined;

  /** A pair of credentials as found, before the service is asked about it. */
  const found = (field: 'workspaceToken' | 'authToken', id?: string, token?: string): Check => {
    const source = sourceOf(ctx, session, field, Boolean(id && token));
    return {
      id,
      token: mask(token),
      source,
      valid: null,
      verdict: source === 'none' ? 'not set' : 'no service URL',
    };
  };
  const workspace = found('workspaceToken', c.workspaceId, c.workspaceToken);
  const apiKey = found('authToken', c.apiKey, c.authToken);
  const verdicts: [string, Verdict][] = [];
  const pairs = [
    ['workspace credentials', workspace, verifyWorkspacePair],
    ['API key credentials', apiKey, verifyKeyPair],
  ] as const;
  // A check reports what is so now: a service that does not accept a connection is said at
  // once, in the words every command uses, not after the retries of each of two probes.
  let unreachable: Extract<Verdict, { verdict: 'unchecked' }> | undefined;
  for (const [what, check, verify] of pairs) {
    if (!client || check.source === 'none') continue;
    const verdict = unreachable ?? (await verify(client, c, 0));
    if (verdict.verdict === 'unchecked' && verdict.unreachable) unreachable = verdict;
    record(check, verdict);
    verdicts.push([what, verdict]);
  }

  const report = {
    profile: session.profileName,
    baseUrl: session.baseUrl ?? null,
    workspace,
    apiKey,
  };
  if (ctx.out.json) {
    ctx.out.jsonDocument(report);
  } else {
    const s = ctx.out.style.out;
    const rows = [
      ['Profile', session.profileName],
      ['Service', session.baseUrl ?? s.dim('not set')],
      ...(
        [
          ['Workspace', workspace],
          ['API key', apiKey],
        ] as const
      ).map(([label, check]) => [
        label,
        check.id ?? '-',
        `token ${check.token || '-'}`,
        `[${check.source}]`,
        verdictText(ctx, check),
      ]),
    ];
    // Piped, the fields are tab-separated like every other listing; on a terminal, aligned,
    // and broken between fields where the line is too long, so none is split (`val`/`id`).
    const lines = ctx.io.stdoutIsTTY
      ? rows.map(([label, ...rest]) =>
          fieldLine(`${(label ?? '').padEnd(10)} `, rest, ctx.io.columns),
        )
      : rows.map((row) => row.join('\t'));
    ctx.io.stdout.write(`${lines.join('\n')}\n`);
  }

  if (workspace.source === 'none' && apiKey.source === 'none') {
    throw new CredentialsError(
      `no credentials in profile "${session.profileName}" or the environment`,
      { hint: 'run `svc workspace create` or `svc auth login`' },
    );
  }
  // A rejection outranks a check that could not be made: it needs the user to act.
  const failures = verdicts.filter(
    (entry): entry is [string, Exclude<Verdict, { verdict: 'valid' }>] =>
      entry[1].verdict !== 'valid',
  );
  if (unreachable?.unreachable && !failures.some(([, v]) => v.verdict === 'rejected'))
    throw unreachable.unreachable;
  const worst = failures.find(([, v]) => v.verdict === 'rejected') ?? failures[0];
  if (worst) throw verdictError(worst[0], worst[1]);
}
