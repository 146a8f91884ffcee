import type { Context } from '../../cli/context.js';
import { profileTable, profileView } from './view.js';

export async function run(ctx: Context): Promise<void> {
  const store = await ctx.profiles();
  const active = store.activeName();
  const rows = store.list().map(([name, p]) => {
    const { workspaceToken: _w, authToken: _a, ...row } = profileView(name, p, name === active);
    return row;
  });
  await ctx.out.data(rows, profileTable);
  if (!ctx.out.json && rows.length === 0)
    ctx.out.info('No profiles yet: run `svc workspace create` or `svc auth login`.');
}
