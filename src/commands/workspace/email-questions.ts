import { emailTriggerNames, type EmailTrigger } from '../../catalogue/email-triggers.js';
import type { Context } from '../../cli/context.js';
import { EMAIL } from './create-questions.js';
import type { FlagOf } from '../../cli/declare/options.js';
import type { emailConfigOptions } from './index.js';

export type EmailProvider = 'default' | 'sendgrid' | 'custom';

/** Operation 3's `data`: what the command sends. */
export interface EmailConfigRequest {
  useEmailService?: boolean;
  emailServiceConfig?: {
    type?: EmailProvider;
    apiKey?: string;
    fromEmail?: string;
    fromCompany?: string;
    triggers?: Partial<Record<EmailTrigger, boolean>>;
  };
}

const triggerLabels: Record<EmailTrigger, string> = {
  'comment_annotation.add': 'a new comment thread',
  'comment.add': 'a reply in a thread',
  'comment_annotation.status_change': "a thread's status changes",
  'comment_annotation.assign': 'a thread is assigned',
  'comment_annotation.priority_change': "a thread's priority changes",
};

/** Every trigger, on when checked: the guided setup sets them all. */
function triggerFlags(on: readonly EmailTrigger[]): Record<EmailTrigger, boolean> {
  return Object.fromEntries(emailTriggerNames.map((t) => [t, on.includes(t)])) as Record<
    EmailTrigger,
    boolean
  >;
}

/** The key of a provider that needs one: the environment's, or typed in hidden. */
async function providerKey(
  ctx: Context,
  type: EmailProvider,
  keyFromEnv: string | undefined,
): Promise<string> {
  if (keyFromEnv !== undefined) {
    ctx.out.info(`${type} API key: from SVC_EMAIL_PROVIDER_KEY`);
    return keyFromEnv;
  }
  return ctx.prompter.secret({
    message: `${type} API key`,
    flag: '--provider-key-stdin' satisfies FlagOf<(typeof emailConfigOptions)['providerKeyStdin']>,
    validate: (v) => v.trim().length > 0 || 'enter the key (it is not shown)',
  });
}

/**
 * The guided setup for a person at a terminal: on or off, then the provider, its key
 * (hidden as it is typed, and not asked for when the environment gives it), the sender,
 * and the events, each of which may be kept as stored. Nothing is sent from here.
 */
export async function askForEmailConfig(
  ctx: Context,
  keyFromEnv: string | undefined,
): Promise<EmailConfigRequest> {
  const ask = ctx.prompter;
  const enable = await ask.select(
    'Email notifications',
    '--enable or --disable',
    [
      { value: 'on', name: 'Enable', description: 'send emails for the events you choose' },
      { value: 'off', name: 'Disable', description: 'send no emails' },
    ],
    'on',
  );
  if (enable === 'off') return { useEmailService: false };

  // The service has no call that reads the stored configuration, and merges what it is
  // sent into it: so every question can keep what is stored, and only what is answered
  // otherwise is sent.
  const type = await ask.select<EmailProvider | 'keep'>(
    'Email provider',
    '--provider',
    [
      { value: 'keep', name: 'keep', description: 'the stored provider and key, as they are' },
      { value: 'default', name: 'default', description: "the service's own mail delivery" },
      { value: 'sendgrid', name: 'sendgrid', description: 'your SendGrid account' },
      { value: 'custom', name: 'custom', description: 'your own provider' },
    ],
    'keep',
  );
  const apiKey =
    type === 'keep' || type === 'default' ? undefined : await providerKey(ctx, type, keyFromEnv);
  const fromEmail = await ask.text({
    message: 'From email (Enter keeps the stored one)',
    flag: '--from-email' satisfies FlagOf<(typeof emailConfigOptions)['fromEmail']>,
    validate: (v) =>
      v.trim() === '' || EMAIL.test(v.trim()) || 'enter an email address such as noreply@acme.dev',
  });
  const fromCompany = await ask.text({
    message: 'From company (Enter keeps the stored one)',
    flag: '--from-company' satisfies FlagOf<(typeof emailConfigOptions)['fromCompany']>,
  });
  const events = await ask.select('Events that send an email', '--trigger', [
    { value: 'keep', name: 'keep', description: 'each event as it is stored' },
    { value: 'choose', name: 'choose', description: 'say for each event whether it sends one' },
  ]);
  const on =
    events === 'keep'
      ? undefined
      : await ask.checkbox<EmailTrigger>(
          'Send an email when',
          '--trigger',
          emailTriggerNames.map((t) => ({
            value: t,
            name: `${t}  (${triggerLabels[t]})`,
            checked: true,
          })),
        );
  const config = {
    ...(type !== 'keep' && { type }),
    ...(apiKey !== undefined && { apiKey: apiKey.trim() }),
    ...(fromEmail.trim() !== '' && { fromEmail: fromEmail.trim() }),
    ...(fromCompany.trim() !== '' && { fromCompany: fromCompany.trim() }),
    ...(on !== undefined && { triggers: triggerFlags(on) }),
  };
  return {
    useEmailService: true,
    ...(Object.keys(config).length > 0 && { emailServiceConfig: config }),
  };
}
