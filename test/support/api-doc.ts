import { readFileSync } from 'node:fs';

/**
 * docs/api.md, and the sections of a Markdown document by heading. The document's tables of
 * operations, envelopes and traits are written from the catalogue by `npm run generate`
 * (`src/cli/reference/doc-sections.ts`), and which operations are the spec's is told by their
 * numbers (`src/catalogue/sources.ts`): no test reads either back from the document.
 */

export const apiDoc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

/** The text of the section under a heading, up to the next heading of any level. */
export function section(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`no heading "${heading}"`);
  const rest = text.slice(start + heading.length + 2);
  const next = rest.search(/^#{1,6} /m);
  return next === -1 ? rest : rest.slice(0, next);
}
