import { credentialEnvVars } from '../../config/credentials.js';
import type { CommandInfo } from './tree.js';

/**
 * What `svc emulator exec` tells its command: the URL of the emulator that ends with it, so
 * that an svc in that command points nowhere past its end (a resume hint, a UI link).
 */
export const EXEC_EMULATOR_VAR = 'SVC_EXEC_EMULATOR_URL';

export interface EnvironmentRow {
  name: string;
  /** The flag that overrides it, when there is one. */
  flag: string | null;
  meaning: string;
  /** A credential or key: never handed on to a command svc runs (`svc emulator exec`). */
  secret?: true;
}

/** The environment variables svc reads (docs/cli-contract.md, "Global options"). */
export const environmentTable: readonly EnvironmentRow[] = [
  {
    name: 'SVC_PROFILE',
    flag: '--profile',
    meaning: 'which stored profile to use (default: the active one, else default)',
  },
  { name: 'SVC_BASE_URL', flag: '--base-url', meaning: 'service base URL (overrides the profile)' },
  {
    name: 'SVC_HEADER_PREFIX',
    flag: '--header-prefix',
    meaning:
      "the credential headers' prefix, where a deployment's is not x-service (overrides the profile); also what svc emulator reads",
  },
  {
    name: credentialEnvVars.workspaceId,
    flag: null,
    meaning: 'workspace id; credentials in the environment come before the profile',
  },
  { name: credentialEnvVars.workspaceToken, flag: null, meaning: 'workspace token', secret: true },
  { name: credentialEnvVars.apiKey, flag: null, meaning: 'API key id', secret: true },
  {
    name: credentialEnvVars.authToken,
    flag: null,
    meaning: "the API key's auth token",
    secret: true,
  },
  {
    name: 'SVC_EMAIL_PROVIDER_KEY',
    flag: '--provider-key-stdin',
    meaning: "the email provider's API key, for workspace email-config",
    secret: true,
  },
  {
    name: 'SVC_CONFIG_DIR',
    flag: null,
    meaning:
      "where profiles are stored (default: the platform's config dir); when set, bulk journals too (default: the platform's state dir)",
  },
  {
    name: 'SVC_TIMEOUT',
    flag: '--timeout',
    meaning: 'time limit of each attempt of a request (500ms, 30s, 5m)',
  },
  {
    name: 'SVC_DEBUG',
    flag: '--debug',
    meaning: '1: trace each HTTP exchange on stderr, secrets redacted',
  },
  { name: 'SVC_NO_INPUT', flag: '--no-input', meaning: '1: never prompt' },
  {
    name: 'SVC_PAGER',
    flag: '--no-pager',
    meaning:
      'pager for output longer than the terminal (then PAGER, then less; empty or cat: none)',
  },
  {
    name: 'SVC_EMULATOR_ADMIN_TOKEN',
    flag: '--no-admin-token',
    meaning:
      'the token every /_emulator/ route but health asks for (svc emulator start, exec; made at start when unset); what svc webhooks trigger sends; 16 to 256 printable characters',
    secret: true,
  },
  {
    name: 'SVC_EMULATOR_SEED_JSON',
    flag: '--seed',
    meaning: 'a fixture as JSON text, loaded when the emulator starts (svc emulator start, exec)',
  },
  {
    name: EXEC_EMULATOR_VAR,
    flag: null,
    meaning:
      "set by svc emulator exec for its command: the emulator's URL, which stops when the command ends",
  },
  { name: 'CI', flag: null, meaning: 'true: never prompt, as with --no-input' },
  { name: 'NO_COLOR', flag: '--no-color', meaning: 'any value but empty: no colour' },
  {
    name: 'FORCE_COLOR',
    flag: null,
    meaning: 'colour even when not a terminal (0 or false: none)',
  },
];

/**
 * `label` followed by `words`, comma-separated and wrapped at `width`, each line after the
 * first indented by `indent` spaces; a word is never broken.
 */
export function wrappedList(
  label: string,
  words: readonly string[],
  width: number,
  indent: number,
): string {
  const lines: string[] = [];
  let line = label;
  for (const [i, name] of words.entries()) {
    const word = i < words.length - 1 ? `${name},` : name;
    if (line.length > indent && line.length + 1 + word.length > width) {
      lines.push(line);
      line = ' '.repeat(indent - 1);
    }
    line += ` ${word}`;
  }
  return [...lines, line].join('\n');
}

/** The variables' names, comma-separated and wrapped for `svc --help`. */
export function environmentNames(width = 80): string {
  return wrappedList(
    'Environment:',
    environmentTable.map(({ name }) => name),
    width,
    2,
  );
}

/**
 * The table, and the variables that give a command's flag its value (commander's
 * `Option.env()`), which the commands declare themselves.
 */
export function environmentRows(tree: CommandInfo): EnvironmentRow[] {
  const declared = new Map<string, { flag: string; description: string; commands: string[] }>();
  const visit = (cmd: CommandInfo) => {
    for (const option of cmd.options) {
      if (!option.envVar) continue;
      const entry = declared.get(option.envVar) ?? {
        flag: option.long ?? option.flags,
        description: option.description,
        commands: [],
      };
      entry.commands.push(['svc', ...cmd.path].join(' '));
      declared.set(option.envVar, entry);
    }
    cmd.subcommands.forEach(visit);
  };
  visit(tree);
  const listed = new Set(environmentTable.map((row) => row.name));
  return [
    ...environmentTable,
    ...[...declared]
      .filter(([name]) => !listed.has(name))
      .map(([name, { flag, description, commands }]) => ({
        name,
        flag,
        meaning: `${description} (${commands.join(', ')})`,
      })),
  ];
}
