import { confirmDestructive } from '../../cli/confirm.js';
import type { Context } from '../../cli/context.js';
import type { Profile } from '../../config/profiles.js';
import { shellLine } from '../../io/shell-words.js';

/**
 * What is lost with a profile's tokens when `svc workspace create` made it: the only copy
 * of the workspace's token, which nothing can issue again (`workspace tokens` itself needs
 * it). Undefined for any other profile, whose tokens came from somewhere they still are.
 */
export function onlyCopyWarning(name: string, profile: Profile | undefined): string | undefined {
  const holdsTokens = profile?.workspaceToken || profile?.authToken || profile?.keyring;
  if (!profile?.createdWorkspace || !holdsTokens) return undefined;
  const workspace = profile.workspaceId ? ` of workspace ${profile.workspaceId}` : '';
  const copy = [
    shellLine(['svc', 'auth', 'token', '--profile', name, '--workspace']),
    shellLine(['svc', 'auth', 'token', '--profile', name]),
  ].join(' and ');
  return `profile "${name}" holds the only copy of the tokens${workspace}, which svc workspace create made and nothing can issue again; copy them out first with ${copy}`;
}

/**
 * Asks before `action` when it loses `lost`: at a terminal, the reason is a line of its own
 * above a short question; elsewhere the refusal (without --yes) carries it whole.
 */
export async function confirmLosing(
  ctx: Pick<Context, 'yes' | 'dryRun' | 'prompter' | 'out'>,
  action: string,
  lost: string | undefined,
): Promise<void> {
  if (!lost) return confirmDestructive(ctx, action);
  if (ctx.prompter.enabled && !ctx.yes && !ctx.dryRun) {
    ctx.out.warn(lost);
    return confirmDestructive(ctx, action);
  }
  return confirmDestructive(ctx, `${action}: ${lost}`);
}
