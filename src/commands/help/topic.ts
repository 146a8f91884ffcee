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
    { header: 'MEANING', path: 'meaning' },
  ],
};

const environmentLayout: TableLayout = {
  rows: 'list',
  columns: [
    { header: 'VARIABLE', path: 'name' },
    { header: 'FLAG', path: 'flag' },
    { header: 'MEANING', path: 'meaning' },
  ],
};

/** `svc help TOPIC`, for the topics that are not commands. */
export async function run(ctx: Context, _opts: GlobalOptions, names: string[]): Promise<void> {
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
