/**
 * The variables that give the emulator's AI provider URL flags their value, by provider:
 * the only svc variables the emulator process reads.
 */
export const aiUrlEnv = {
  openai: 'SVC_EMULATOR_OPENAI_URL',
  anthropic: 'SVC_EMULATOR_ANTHROPIC_URL',
  google: 'SVC_EMULATOR_GOOGLE_URL',
} as const;
