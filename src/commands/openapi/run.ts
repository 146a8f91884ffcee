import type { Context } from '../../cli/context.js';
import { openApiDocument } from '../../openapi/document.js';

/** `svc openapi`: the document made from the catalogue (docs/openapi.md). */
export async function run(ctx: Context): Promise<void> {
  await ctx.out.jsonDocument(openApiDocument());
}
