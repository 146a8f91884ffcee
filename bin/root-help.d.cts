/** What scripts/perf-prerender-help.mjs writes to dist/root-help.json. */
export interface RenderedHelp {
  forms: string[];
  columns: [number, number | null][];
  text: string;
}

export function prerenderedHelp(
  args: readonly string[],
  loadHelp: () => RenderedHelp | undefined,
): string | undefined;
