import type { TableLayout } from '../../catalogue/types.js';
import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { environmentRows } from '../../cli/reference/environment.js';
import { exitCodeTable } from '../../cli/reference/exit-codes.js';
import { commandReference } from '../../cli/reference/markdown.js';
import { guides } from '../../cli/reference/guides.js';
import { helpTopics } from '../../cli/reference/topics.js';
import { commandTree } from '../../cli/reference/tree.js';
import { UsageError } from '../../errors/errors.js';
import { svcCommands } from '../index.js';

const exitCodeLayout: TableLayout = {
  rows: 'list',
  columns: [
    { header: 'CODE', path: 'code' },
    { header: 'MEANING', path: 'meaning', wraps: true },
  ],
};

const environmentLayout: TableLayout = {
  rows: 'list',
  columns: [
    { header: 'VARIABLE', path: 'name' },
    { header: 'FLAG', path: 'flag' },
    { header: 'MEANING', path: 'meaning', wraps: true },
  ],
};

/**
 * `svc help doc-section [NAME]`, left out of the topics help lists: a part of docs/api.md,
 * docs/cli-contract.md or the README made from the catalogue and the command tree, in
 * Markdown; with no name, every section and the file it goes in (with `--json`, their text
 * too, which is what `npm run generate` writes between each section's markers).
 */
async function docSection(ctx: Context, name: string | undefined): Promise<void> {
  // Loaded only here: it builds every response schema, which no other topic needs.
  const { docSections } = await import('../../cli/reference/doc-sections.js');
  const sections = docSections(svcCommands);
  if (name === undefined) {
    if (ctx.out.json) return ctx.out.jsonDocument(sections);
    ctx.io.stdout.write(sections.map((s) => `${s.name}\t${s.file}\n`).join(''));
    return;
  }
  const section = sections.find((s) => s.name === name);
  if (!section) {
    throw new UsageError(`no doc section named "${name}"`, {
      hint: `sections: ${sections.map((s) => s.name).join(', ')}`,
    });
  }
  if (ctx.out.json) return ctx.out.jsonDocument(section);
  ctx.io.stdout.write(`${section.text}\n`);
}

/** `svc help TOPIC`, for the topics that are not commands. */
export async function run(ctx: Context, _opts: GlobalOptions, names: string[]): Promise<void> {
  if (names[0] === 'doc-section' && names.length <= 2) return docSection(ctx, names[1]);
  const name = names.join(' ');
  switch (name) {
    case 'exit-codes':
      return ctx.out.data(exitCodeTable, exitCodeLayout);
    case 'environment':
      return ctx.out.data(environmentRows(commandTree(svcCommands)), environmentLayout);
    case 'reference': {
      const tree = commandTree(svcCommands);
      if (ctx.out.json) return ctx.out.jsonDocument(tree);
      ctx.io.stdout.write(commandReference(tree));
      return;
    }
    case 'formatting':
    case 'credentials':
      if (ctx.out.json) return ctx.out.jsonDocument({ topic: name, text: guides[name] });
      ctx.io.stdout.write(guides[name]);
      return;
    default:
      throw new UsageError(`no command or help topic named "${name}"`, {
        hint: `topics: ${helpTopics.map((t) => t.name).join(', ')}; commands: see svc --help`,
      });
  }
}
