import * as z from 'zod';

/**
 * The AI providers operation 25 sends text to, and each one's own wire format: the
 * emulator calls the same public APIs the service does, with the customer's key.
 */

export const PROVIDER_IDS = ['openai', 'anthropic', 'google'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** How the service names each provider in its messages. */
export const PROVIDER_NAMES: Readonly<Record<ProviderId, string>> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
};

export const DEFAULT_PROVIDER_URLS: Readonly<Record<ProviderId, string>> = {
  openai: 'https://api.openai.com',
  anthropic: 'https://api.anthropic.com',
  google: 'https://generativelanguage.googleapis.com',
};

/** The model name prefixes of each provider (docs/wire-notes.md, "AI rewrite"). */
const MODEL_PREFIXES: readonly (readonly [string, ProviderId])[] = [
  ['gpt-', 'openai'],
  ['o1-', 'openai'],
  ['o3-', 'openai'],
  ['o4-', 'openai'],
  ['claude-', 'anthropic'],
  ['gemini-', 'google'],
];

export const KNOWN_PREFIXES = MODEL_PREFIXES.map(([prefix]) => prefix);

export function providerOfModel(model: string): ProviderId | undefined {
  return MODEL_PREFIXES.find(([prefix]) => model.startsWith(prefix))?.[1];
}

/** OpenAI's reasoning models take no separate instructions: the prompt goes before the text. */
const SINGLE_MESSAGE_PREFIXES = ['o1-', 'o3-', 'o4-'];

/** Anthropic requires an output bound; this leaves room for rewriting a long text. */
const ANTHROPIC_MAX_TOKENS = 4096;
const ANTHROPIC_VERSION = '2023-06-01';

export interface RewriteRequest {
  model: string;
  prompt: string;
  text: string;
}

/** One HTTP request to a provider: a path below its base URL, headers, a JSON body. */
export interface ProviderRequest {
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export function providerRequest(
  provider: ProviderId,
  apiKey: string,
  { model, prompt, text }: RewriteRequest,
): ProviderRequest {
  switch (provider) {
    case 'openai': {
      const messages = SINGLE_MESSAGE_PREFIXES.some((p) => model.startsWith(p))
        ? [{ role: 'user', content: `${prompt}\n\n${text}` }]
        : [
            { role: 'system', content: prompt },
            { role: 'user', content: text },
          ];
      return {
        path: 'v1/chat/completions',
        headers: { authorization: `Bearer ${apiKey}` },
        body: { model, messages },
      };
    }
    case 'anthropic':
      return {
        path: 'v1/messages',
        headers: { 'x-api-key': apiKey, 'anthropic-version': ANTHROPIC_VERSION },
        body: {
          model,
          max_tokens: ANTHROPIC_MAX_TOKENS,
          system: prompt,
          messages: [{ role: 'user', content: text }],
        },
      };
    case 'google':
      return {
        path: `v1beta/models/${encodeURIComponent(model)}:generateContent`,
        headers: { 'x-goog-api-key': apiKey },
        body: {
          systemInstruction: { parts: [{ text: prompt }] },
          contents: [{ role: 'user', parts: [{ text }] }],
        },
      };
  }
}

const answers: Readonly<Record<ProviderId, z.ZodType<string>>> = {
  openai: z
    .object({
      choices: z.tuple([z.object({ message: z.object({ content: z.string() }) })], z.unknown()),
    })
    .transform((b) => b.choices[0].message.content),
  anthropic: z
    .object({ content: z.tuple([z.object({ text: z.string() })], z.unknown()) })
    .transform((b) => b.content[0].text),
  google: z
    .object({
      candidates: z.tuple(
        [
          z.object({
            content: z.object({ parts: z.tuple([z.object({ text: z.string() })], z.unknown()) }),
          }),
        ],
        z.unknown(),
      ),
    })
    .transform((b) => b.candidates[0].content.parts[0].text),
};

/** The rewritten text in a provider's success answer; undefined when it is not there. */
export function answerText(provider: ProviderId, body: unknown): string | undefined {
  return answers[provider].safeParse(body).data;
}
