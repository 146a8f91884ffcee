/** The styles svc writes with: chalk's, at its basic 16 colours. */
export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

const same = (text: string) => text;

/** Text as it is: for a stream without colour, and until the coloured styles have loaded. */
export const plainStyle: Style = {
  bold: same,
  dim: same,
  red: same,
  green: same,
  yellow: same,
  cyan: same,
};

/**
 * The styles of a stream that may have colour, else plain text. chalk loads only for colour:
 * it imports node:process and node:tty, whose namespaces cost 10-35 ms each on Node 24 and
 * 26 (eslint.config.js), and a pipe, --json or NO_COLOR never needs it.
 */
export async function styleFor(colour: boolean): Promise<Style> {
  if (!colour) return plainStyle;
  const { Chalk } = await import('chalk');
  return new Chalk({ level: 1 });
}
