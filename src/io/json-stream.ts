export type JsonKind = 'array' | 'object';

/**
 * A JSON array or object written member by member, as text identical to what
 * `JSON.stringify(whole)` (compact) or `JSON.stringify(whole, null, 2)` (pretty) gives for
 * the complete value, so that a long result is never held whole.
 */
export class JsonStreamWriter {
  private first = true;

  constructor(
    private readonly kind: JsonKind,
    private readonly pretty: boolean,
    private readonly write: (text: string) => void,
  ) {}

  /** Adds one member; `key` names it in an object. */
  push(value: unknown, key?: string): void {
    const name =
      this.kind === 'object' ? `${JSON.stringify(key ?? '')}:${this.pretty ? ' ' : ''}` : '';
    const text = this.pretty
      ? `  ${name}${(JSON.stringify(value, null, 2) ?? 'null').replaceAll('\n', '\n  ')}`
      : `${name}${JSON.stringify(value) ?? 'null'}`;
    const open = this.kind === 'array' ? '[' : '{';
    this.write(`${this.first ? open : ','}${this.pretty ? '\n' : ''}${text}`);
    this.first = false;
  }

  end(): void {
    const [open, close] = this.kind === 'array' ? ['[', ']'] : ['{', '}'];
    this.write(this.first ? `${open}${close}\n` : `${this.pretty ? '\n' : ''}${close}\n`);
  }
}
