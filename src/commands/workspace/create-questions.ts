import type { Context } from '../../cli/context.js';
import { DEFAULT_PROFILE, isValidProfileName, type ProfileStore } from '../../config/profiles.js';
import { UsageError } from '../../errors/errors.js';
import { onlyCopyWarning } from '../auth/only-copy.js';
import type { FlagOf } from '../../cli/declare/options.js';
import type { TextQuestion } from '../../io/prompter.js';
import type { createOptions } from './index.js';

/** What `workspace create` sends, and the profile it stores the result in. */
export interface WorkspacePlan {
  ownerEmail: string;
  name?: string;
  workspaceName?: string;
  avatar?: string;
  /** Chosen at a prompt; otherwise worked out once the workspace's name is known. */
  profile?: string;
  /** The profile chosen at the prompt exists, and the person agreed to replace it. */
  replace?: boolean;
}

export interface CreateFlags {
  email?: string;
  name?: string;
  workspaceName?: string;
  avatar?: string;
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PROFILE_RULE = 'letters, digits, ".", "_" and "-", starting with a letter or digit';

/** The owner's and the workspace's names: what the service accepts. */
function oneTo200(v: string): true | string {
  return (v.trim().length > 0 && v.length <= 200) || 'enter 1 to 200 characters';
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** `default` when it is free, else a free profile name made from the workspace's name. */
export function freeProfileName(isTaken: (name: string) => boolean, workspaceName: string): string {
  if (!isTaken(DEFAULT_PROFILE)) return DEFAULT_PROFILE;
  const base =
    workspaceName
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[^a-z0-9]+|-+$/g, '')
      .slice(0, 50) || 'workspace';
  let name = base;
  for (let n = 2; isTaken(name); n++) name = `${base}-${n}`;
  return name;
}

export function checkedProfileName(name: string): string {
  if (!isValidProfileName(name)) {
    throw new UsageError(`invalid profile name "${name}": use ${PROFILE_RULE}`);
  }
  return name;
}

/**
 * The guided form of `workspace create`, for a person at a terminal who left flags out:
 * each missing value is asked for and checked as it is typed, with the service's defaults
 * offered. Nothing is sent or stored until every answer is in, so Ctrl-C at any question
 * leaves nothing behind.
 */
export async function askForWorkspace(
  ctx: Context,
  flags: CreateFlags,
  store: ProfileStore,
  profileFlag: string | undefined,
): Promise<WorkspacePlan> {
  const ask = ctx.prompter;
  // The list of disposable domains is large: loaded only when a question is asked.
  const { isAcceptedOwnerEmail } = await import('../../catalogue/owner-email.js');
  /** The flag's value, else the answer to its question; trimmed either way. */
  const given = async (value: string | undefined, question: TextQuestion) =>
    (value ?? (await ask.text(question))).trim();
  const ownerEmail = await given(flags.email, {
    message: 'Owner email',
    flag: '--email' satisfies FlagOf<(typeof createOptions)['email']>,
    validate: (v) => {
      if (!EMAIL.test(v.trim())) return 'enter an email address such as ada@example.com';
      return (
        isAcceptedOwnerEmail(v.trim()) ||
        'the service does not accept disposable email domains; enter another address'
      );
    },
  });
  const name = await given(flags.name, {
    message: 'Owner name',
    flag: '--name' satisfies FlagOf<(typeof createOptions)['name']>,
    // The address's local part: "pat", not "pat@example.com", which reads as no name at all.
    default: ownerEmail.slice(0, ownerEmail.lastIndexOf('@')) || ownerEmail,
    validate: oneTo200,
  });
  const workspaceName = await given(flags.workspaceName, {
    message: 'Workspace name',
    flag: '--workspace-name' satisfies FlagOf<(typeof createOptions)['workspaceName']>,
    default: `${name}'s workspace`,
    validate: oneTo200,
  });
  const avatar = await given(flags.avatar, {
    message: 'Avatar URL (optional, Enter to skip)',
    flag: '--avatar' satisfies FlagOf<(typeof createOptions)['avatar']>,
    validate: (v) =>
      v.trim() === '' || isHttpUrl(v.trim()) || 'enter an http(s) URL, or nothing to skip',
  });
  const chosen =
    profileFlag === undefined ? await askForProfile(ctx, store, workspaceName) : undefined;
  return {
    ownerEmail,
    name,
    workspaceName,
    ...(avatar !== '' && { avatar }),
    profile: checkedProfileName(chosen?.name ?? profileFlag ?? ''),
    ...(chosen?.replace && { replace: true }),
  };
}

/**
 * The profile to save in. A name that is taken may be replaced, once the person says so:
 * as `--force` would, but asked, and told when the tokens replaced are the only copy of a
 * workspace's. A "no" asks for the name again.
 */
async function askForProfile(
  ctx: Context,
  store: ProfileStore,
  workspaceName: string,
): Promise<{ name: string; replace: boolean }> {
  for (;;) {
    const name = await ctx.prompter.text({
      message: 'Save the credentials as profile',
      flag: '--profile',
      default: freeProfileName((n) => store.get(n) !== undefined, workspaceName),
      validate: (v) => isValidProfileName(v) || `use ${PROFILE_RULE}`,
    });
    const stored = store.get(name);
    if (!stored) return { name, replace: false };
    // The reason is a line of its own, so that the question stays short.
    const lost = onlyCopyWarning(name, stored);
    if (lost) ctx.out.warn(lost);
    const held = stored.workspaceId ? ` (workspace ${stored.workspaceId})` : '';
    if (await ctx.prompter.confirm(`Profile "${name}"${held} exists. Replace its credentials?`))
      return { name, replace: true };
  }
}
