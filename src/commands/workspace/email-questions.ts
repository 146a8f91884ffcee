import { emailTriggerNames, type EmailTrigger } from '../../catalogue/email-triggers.js';
import type { Context } from '../../cli/context.js';
import { UsageError } from '../../errors/errors.js';
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

/**
 * The configuration the service says is stored (its key masked), read before anything is
 * changed; undefined when the service does not say (the contract's answer is null).
 */
export type StoredConfig = EmailConfigRequest | undefined;

const triggerLabels: Record<EmailTrigger, string> = {
  'comment_annotation.add': 'a new comment thread',
  'comment.add': 'a reply in a thread',
  'comment_annotation.status_change': "a thread's status changes",
  'comment_annotation.assign': 'a thread is assigned',
  'comment_annotation.priority_change': "a thread's priority changes",
};

const needsKey = (type: EmailProvider | undefined): boolean =>
  type === 'sendgrid' || type === 'custom';

/**
 * Why saving `request` over `stored` would switch email on with nothing to send it: no
 * provider, or a provider that needs a key without one. Undefined when it would not. When
 * the service does not say what is stored (`stored` undefined), only what is sent counts.
 */
export function nothingToSend(
  request: EmailConfigRequest,
  stored: StoredConfig,
): string | undefined {
  const sent = request.emailServiceConfig ?? {};
  const kept = stored?.emailServiceConfig ?? {};
  const enables =
    request.useEmailService === true ||
    (request.useEmailService === undefined &&
      sent.type !== undefined &&
      stored?.useEmailService === true);
  if (!enables) return undefined;
  const unknown = stored === undefined ? ' (the service does not say what is stored)' : '';
  const type = sent.type ?? kept.type;
  if (type === undefined) {
    return `email cannot be enabled with no provider to send it${unknown}: give --provider default (the service's own delivery), sendgrid or custom`;
  }
  if (!needsKey(type) || sent.apiKey !== undefined) return undefined;
  const keyKept = kept.apiKey !== undefined && (sent.type === undefined || sent.type === kept.type);
  if (keyKept) return undefined;
  return `email cannot be enabled through ${type} without its API key${unknown}: give it on stdin with --provider-key-stdin, or in SVC_EMAIL_PROVIDER_KEY`;
}

/** The guided setup's answers; a member left out keeps what is stored. */
interface Answers {
  enable: boolean;
  type?: EmailProvider;
  apiKey?: string;
  fromEmail?: string;
  fromCompany?: string;
  triggers?: Record<EmailTrigger, boolean>;
}

type Field = 'enable' | 'provider' | 'fromEmail' | 'fromCompany' | 'triggers';

function requestOf(answers: Answers): EmailConfigRequest {
  if (!answers.enable) return { useEmailService: false };
  const { enable: _enable, ...config } = answers;
  const present = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
  return {
    useEmailService: true,
    ...(Object.keys(present).length > 0 && { emailServiceConfig: present }),
  };
}

const onOff = (on: boolean | undefined) => (on === undefined ? 'never set' : on ? 'on' : 'off');

/** The guided setup's questions, each of which offers to keep only what is stored. */
class Questions {
  private readonly kept: NonNullable<EmailConfigRequest['emailServiceConfig']>;

  constructor(
    private readonly ctx: Context,
    private readonly stored: StoredConfig,
    private readonly keyFromEnv: string | undefined,
  ) {
    this.kept = stored?.emailServiceConfig ?? {};
  }

  async enable(): Promise<boolean> {
    const now = this.stored ? ` (now ${onOff(this.stored.useEmailService)})` : '';
    const answer = await this.ctx.prompter.select(
      `Email notifications${now}`,
      '--enable or --disable',
      [
        { value: 'on', name: 'Enable', description: 'send emails for the events you choose' },
        { value: 'off', name: 'Disable', description: 'send no emails' },
      ],
      'on',
    );
    return answer === 'on';
  }

  /** The provider, and its key when it needs one; keeping is offered only for a usable one. */
  async provider(): Promise<Pick<Answers, 'type' | 'apiKey'>> {
    const { type: storedType, apiKey: storedKey } = this.kept;
    const keepable = storedType !== undefined && (!needsKey(storedType) || storedKey !== undefined);
    const keyWords = needsKey(storedType) ? ', with its stored key' : '';
    const type = await this.ctx.prompter.select<EmailProvider | 'keep'>(
      this.stored ? 'Email provider' : 'Email provider (the service does not say which is stored)',
      '--provider',
      [
        ...(keepable
          ? [
              {
                value: 'keep' as const,
                name: `keep ${storedType}`,
                description: `the stored provider${keyWords}`,
              },
            ]
          : []),
        { value: 'default', name: 'default', description: "the service's own mail delivery" },
        { value: 'sendgrid', name: 'sendgrid', description: 'your SendGrid account' },
        { value: 'custom', name: 'custom', description: 'your own provider' },
      ],
      keepable ? 'keep' : 'default',
    );
    if (type === 'keep') return {};
    if (!needsKey(type)) return { type };
    return { type, ...(await this.key(type, type === storedType && storedKey !== undefined)) };
  }

  /** The key of a provider that needs one: the environment's, or typed in hidden. */
  private async key(type: EmailProvider, stored: boolean): Promise<Pick<Answers, 'apiKey'>> {
    if (this.keyFromEnv !== undefined) {
      this.ctx.out.info(`${type} API key: from SVC_EMAIL_PROVIDER_KEY`);
      return { apiKey: this.keyFromEnv.trim() };
    }
    const key = await this.ctx.prompter.secret({
      message: stored ? `${type} API key (a key is stored; Enter keeps it)` : `${type} API key`,
      flag: '--provider-key-stdin' satisfies FlagOf<
        (typeof emailConfigOptions)['providerKeyStdin']
      >,
      validate: (v) => stored || v.trim().length > 0 || 'enter the key (it is not shown)',
    });
    return key.trim() === '' ? {} : { apiKey: key.trim() };
  }

  /** A sender field: the stored value is shown and kept by Enter; a new one replaces it. */
  async text(field: 'fromEmail' | 'fromCompany'): Promise<string | undefined> {
    const label = field === 'fromEmail' ? 'From email' : 'From company';
    const current = this.kept[field];
    const hint =
      current !== undefined
        ? ' (Enter keeps the stored one)'
        : this.stored
          ? ' (none stored; Enter leaves it unset)'
          : ' (Enter keeps the stored one, if any)';
    const answer = await this.ctx.prompter.text({
      message: `${label}${hint}`,
      flag:
        field === 'fromEmail'
          ? ('--from-email' satisfies FlagOf<(typeof emailConfigOptions)['fromEmail']>)
          : ('--from-company' satisfies FlagOf<(typeof emailConfigOptions)['fromCompany']>),
      ...(current !== undefined && { default: current }),
      ...(field === 'fromEmail' && {
        validate: (v: string) =>
          v.trim() === '' ||
          EMAIL.test(v.trim()) ||
          'enter an email address such as noreply@acme.dev',
      }),
    });
    const value = answer.trim();
    return value === '' || value === current ? undefined : value;
  }

  /** Which events send an email; keeping is offered when the service says what is stored. */
  async triggers(): Promise<Answers['triggers']> {
    const stored = this.kept.triggers;
    if (stored !== undefined || !this.stored) {
      const on = emailTriggerNames.filter((t) => stored?.[t] !== false);
      const events = await this.ctx.prompter.select('Events that send an email', '--trigger', [
        {
          value: 'keep',
          name: 'keep',
          description: stored
            ? `as stored: ${emailTriggerNames.filter((t) => stored[t] === true).join(', ') || 'none on'}`
            : 'each event as it is stored, if any',
        },
        { value: 'choose', name: 'choose', description: 'say for each event whether it sends one' },
      ]);
      if (events === 'keep') return undefined;
      return this.chooseTriggers(on);
    }
    return this.chooseTriggers(emailTriggerNames);
  }

  private async chooseTriggers(checked: readonly EmailTrigger[]): Promise<Answers['triggers']> {
    const on = await this.ctx.prompter.checkbox<EmailTrigger>(
      'Send an email when',
      '--trigger',
      emailTriggerNames.map((t) => ({
        value: t,
        name: `${t}  (${triggerLabels[t]})`,
        checked: checked.includes(t),
      })),
    );
    return Object.fromEntries(emailTriggerNames.map((t) => [t, on.includes(t)])) as Record<
      EmailTrigger,
      boolean
    >;
  }
}

/**
 * The guided setup for a person at a terminal: on or off, then the provider, its key
 * (hidden as it is typed, and not asked for when the environment gives it), the sender,
 * and the events. Each question shows what the service says is stored and offers to keep
 * only that. The summary of what will be sent ends in a choice: save it, change one field,
 * or leave with nothing sent. Nothing is sent from here.
 */
export async function askForEmailConfig(
  ctx: Context,
  keyFromEnv: string | undefined,
  stored: StoredConfig,
  summarize: (request: EmailConfigRequest) => void,
): Promise<EmailConfigRequest> {
  const ask = new Questions(ctx, stored, keyFromEnv);
  const answers: Answers = { enable: await ask.enable() };
  const askAll = async () => {
    Object.assign(answers, await ask.provider());
    answers.fromEmail = await ask.text('fromEmail');
    answers.fromCompany = await ask.text('fromCompany');
    answers.triggers = await ask.triggers();
  };
  if (answers.enable) await askAll();
  for (;;) {
    const request = requestOf(answers);
    summarize(request);
    const problem = nothingToSend(request, stored);
    if (problem) ctx.out.warn(problem);
    const fields: { value: Field; name: string }[] = [
      { value: 'enable', name: 'change: email notifications on or off' },
      ...(answers.enable
        ? ([
            { value: 'provider', name: 'change: provider and key' },
            { value: 'fromEmail', name: 'change: from email' },
            { value: 'fromCompany', name: 'change: from company' },
            { value: 'triggers', name: 'change: events' },
          ] as const)
        : []),
    ];
    const choice = await ctx.prompter.select<Field | 'save' | 'discard'>(
      'Save this email configuration?',
      '--yes',
      [
        ...(problem ? [] : [{ value: 'save' as const, name: 'save', description: 'send it' }]),
        ...fields,
        { value: 'discard', name: 'discard', description: 'leave, sending nothing' },
      ],
      problem ? 'provider' : 'save',
    );
    if (choice === 'save') return request;
    if (choice === 'discard') throw new UsageError('not confirmed: nothing was sent');
    if (choice === 'enable') {
      const was = answers.enable;
      answers.enable = await ask.enable();
      if (answers.enable && !was) await askAll();
    } else if (choice === 'provider') {
      delete answers.type;
      delete answers.apiKey;
      Object.assign(answers, await ask.provider());
    } else if (choice === 'triggers') answers.triggers = await ask.triggers();
    else answers[choice] = await ask.text(choice);
  }
}
