import type { Register } from '../../cli/command-kit.js';

export const registerAi: Register = (program, invoke) => {
  const ai = program
    .command('ai')
    .description('Rewrite text with the AI models of the workspace')
    .addHelpText(
      'after',
      `
Examples:
  $ svc ai rewrite --model gpt-4o --prompt 'Make it friendlier' --text 'Send the report.'
  $ svc ai rewrite --model claude-sonnet-4 --prompt 'Fix the grammar' < draft.txt`,
    );
  ai.command('rewrite')
    .description('Rewrite text with a model; prints only the rewritten text')
    .requiredOption(
      '--model <name>',
      'model, e.g. gpt-4o, o3-mini, claude-sonnet-4, gemini-2.5-pro',
    )
    .requiredOption('--prompt <text>', 'what to do with the text')
    .option('--text <text>', 'the text to rewrite (default: stdin, less its final line ending)')
    .addHelpText(
      'after',
      `
Examples:
  $ svc ai rewrite --model gpt-4o --prompt 'Make it friendlier' --text 'Send the report.'
  $ svc ai rewrite --model claude-sonnet-4 --prompt 'Fix the grammar' < draft.txt > fixed.txt
  $ svc ai rewrite --model gemini-2.5-pro --prompt 'Summarize' --text "$(cat notes.md)" --json`,
    )
    .action(invoke(() => import('./rewrite.js')));
};
