import type { Context } from '../../cli/context.js';
import { profileTable } from './view.js';

export async function run(ctx: Context): Promise<void> {
  const store = await ctx.profiles();
  const active = store.activeName();
  const rows = store.list().map(([name, p]) => ({
    name,
    active: name === active,
    baseUrl: p.baseUrl ?? null,
    workspaceId: p.workspaceId ?? null,
    apiKey: p.apiKey ?? null,
  }));
  await ctx.out.data(rows, profileTable);
  if (!ctx.out.json && rows.length === 0)
    ctx.out.info('No profiles yet: run `svc workspace create` or `svc auth login`.');
}
