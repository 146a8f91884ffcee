import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';

export const rewriteOptions = {
  model: opt
    .text('--model <name>', 'model, e.g. gpt-4o, o3-mini, claude-sonnet-4, gemini-2.5-pro')
    .required(),
  prompt: opt.text('--prompt <text>', 'what to do with the text').required(),
  text: opt.text(
    '--text <text>',
    'the text to rewrite (default: stdin, less its final line ending)',
  ),
};

export const ai = defineGroup({
  name: 'ai',
  summary: 'Rewrite text with the AI models of the workspace',
  examples: [
    "svc ai rewrite --model gpt-4o --prompt 'Make it friendlier' --text 'Send the report.'",
    "svc ai rewrite --model claude-sonnet-4 --prompt 'Fix the grammar' < draft.txt",
  ],
  commands: [
    defineCommand({
      name: 'rewrite',
      summary: 'Rewrite text with a model; prints only the rewritten text',
      sends: [{ operation: 'ai.rewrite' }],
      options: rewriteOptions,
      examples: [
        "svc ai rewrite --model gpt-4o --prompt 'Make it friendlier' --text 'Send the report.'",
        "svc ai rewrite --model claude-sonnet-4 --prompt 'Fix the grammar' < draft.txt > fixed.txt",
        `svc ai rewrite --model gemini-2.5-pro --prompt 'Summarize' --text "$(cat notes.md)" --json`,
      ],
      run: () => import('./rewrite.js'),
    }),
  ],
});
