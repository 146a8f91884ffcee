import { KNOWN_PREFIXES, PROVIDER_NAMES, providerOfModel } from '../ai/providers.js';
import { EmulatorError } from '../errors.js';
import type { HandlerDeps, Handlers } from './types.js';

/**
 * Operation 25: the workspace's key for the model's provider is opened and the text sent
 * to the provider. A missing key, and any failure of the provider, is an answer with
 * `success: false`, as the service gives; only a model of no known provider is an error.
 */
export function aiHandlers(deps: HandlerDeps): Handlers<'ai.rewrite'> {
  const { store, secrets, ai } = deps;
  return {
    'ai.rewrite': async (data, caller) => {
      const provider = providerOfModel(data.model);
      if (provider === undefined) {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          `Unsupported model "${data.model}": model names start with ${KNOWN_PREFIXES.join(', ')}.`,
        );
      }
      const name = PROVIDER_NAMES[provider];
      const sealed = store.aiKeys.find(caller.auth.workspace.id, provider);
      if (sealed === undefined) {
        return { data: { success: false, error: `No API key configured for provider: ${name}` } };
      }
      let apiKey: string;
      try {
        apiKey = secrets.open(sealed);
      } catch {
        // Sealed under another key: the key file of the data directory was replaced.
        return {
          data: {
            success: false,
            error: `The API key configured for provider ${name} cannot be decrypted; set it again.`,
          },
        };
      }
      return { data: await ai.rewrite(provider, apiKey, data) };
    },
  };
}
