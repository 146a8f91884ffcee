/**
 * The markup of an `xml` editor (spec op 21): elements with attributes, and text. A small
 * parser rather than a DOM library, since the editor needs only this tree; it checks that
 * the markup is well formed, because a Y.XmlFragment cannot hold anything that is not.
 */

export interface MarkupElement {
  kind: 'element';
  name: string;
  /** Sorted by name, as Yjs writes them; each name once. */
  attributes: [string, string][];
  children: MarkupNode[];
}
export interface MarkupText {
  kind: 'text';
  text: string;
}
export type MarkupNode = MarkupElement | MarkupText;

/** Markup that is not well formed; the message says what and where. */
export class MarkupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MarkupError';
  }
}

/**
 * Deeper nesting is refused: Yjs builds and reads nested types recursively, and no
 * editor's document comes near this.
 */
export const MAX_DEPTH = 200;

const NAME = /[\p{L}_:][\p{L}\p{N}_:.\-\u00B7]*/uy;
const SPACE = /[ \t\r\n]*/y;
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** "line L, column C" of an offset in `source`, 1-based. */
function where(source: string, offset: number): string {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

function codePoint(reference: string): string | undefined {
  const hex = /^#x([0-9a-fA-F]{1,6})$/.exec(reference);
  const dec = /^#([0-9]{1,7})$/.exec(reference);
  const digits = hex?.[1] ?? dec?.[1];
  if (digits === undefined) return undefined;
  const value = Number.parseInt(digits, hex ? 16 : 10);
  const isSurrogate = value >= 0xd800 && value <= 0xdfff;
  return value === 0 || value > 0x10ffff || isSurrogate ? undefined : String.fromCodePoint(value);
}

class Parser {
  private at = 0;

  constructor(private readonly source: string) {}

  parse(): MarkupNode[] {
    const root: MarkupElement = { kind: 'element', name: '', attributes: [], children: [] };
    // Open elements, innermost last; iterative so that input depth cannot exhaust the stack.
    const open: { element: MarkupElement; start: number }[] = [{ element: root, start: 0 }];
    const { source } = this;
    while (this.at < source.length) {
      const parent = open[open.length - 1]?.element ?? root;
      if (source.startsWith('<!--', this.at)) {
        this.skipPast('-->', 'comment');
      } else if (source.startsWith('<![CDATA[', this.at)) {
        const start = this.at + '<![CDATA['.length;
        this.skipPast(']]>', 'CDATA section');
        appendText(parent, source.slice(start, this.at - 3));
      } else if (source.startsWith('<?', this.at)) {
        this.skipPast('?>', 'processing instruction');
      } else if (source.startsWith('<!', this.at)) {
        this.fail('declarations such as DOCTYPE are not supported');
      } else if (source.startsWith('</', this.at)) {
        const start = this.at;
        this.at += 2;
        const name = this.name('a closing tag');
        this.skipSpace();
        this.expect('>', `closing tag </${name}`);
        const current = open.pop();
        if (!current || current.element === root) {
          this.fail(`closing tag </${name}> has no matching opening tag`, start);
        }
        if (current.element.name !== name) {
          this.fail(`closing tag </${name}> does not match <${current.element.name}>`, start);
        }
      } else if (source[this.at] === '<') {
        const start = this.at;
        const element = this.openingTag();
        parent.children.push(element.element);
        if (!element.selfClosing) {
          if (open.length > MAX_DEPTH) this.fail(`elements nest deeper than ${MAX_DEPTH}`, start);
          open.push({ element: element.element, start });
        }
      } else {
        const end = source.indexOf('<', this.at);
        const stop = end === -1 ? source.length : end;
        appendText(parent, this.decode(this.at, stop));
        this.at = stop;
      }
    }
    const unclosed = open.pop();
    if (unclosed && unclosed.element !== root) {
      this.fail(`<${unclosed.element.name}> is never closed`, unclosed.start);
    }
    return root.children;
  }

  private openingTag(): { element: MarkupElement; selfClosing: boolean } {
    this.at += 1;
    const name = this.name('an element');
    const element: MarkupElement = { kind: 'element', name, attributes: [], children: [] };
    const seen = new Set<string>();
    const done = (selfClosing: boolean) => {
      element.attributes.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return { element, selfClosing };
    };
    for (;;) {
      const before = this.at;
      this.skipSpace();
      if (this.source.startsWith('/>', this.at)) {
        this.at += 2;
        return done(true);
      }
      if (this.source[this.at] === '>') {
        this.at += 1;
        return done(false);
      }
      if (this.at === before) this.fail(`<${name}>: expected whitespace, ">" or "/>"`);
      const attrStart = this.at;
      const attr = this.name(`an attribute of <${name}>`);
      if (seen.has(attr)) this.fail(`<${name}> has attribute "${attr}" twice`, attrStart);
      seen.add(attr);
      this.skipSpace();
      this.expect('=', `attribute "${attr}"`);
      this.skipSpace();
      const quote = this.source[this.at];
      if (quote !== '"' && quote !== "'") this.fail(`the value of "${attr}" must be quoted`);
      const end = this.source.indexOf(quote, this.at + 1);
      if (end === -1) this.fail(`the value of "${attr}" is never closed`);
      if (this.source.slice(this.at + 1, end).includes('<')) {
        this.fail(`the value of "${attr}" contains "<"`, attrStart);
      }
      element.attributes.push([attr, this.decode(this.at + 1, end)]);
      this.at = end + 1;
    }
  }

  /** The text between two offsets with its entity and character references resolved. */
  private decode(from: number, to: number): string {
    const raw = this.source.slice(from, to);
    let out = '';
    let last = 0;
    for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', last)) {
      const semi = raw.indexOf(';', amp);
      const reference = semi === -1 ? '' : raw.slice(amp + 1, semi);
      const resolved = Object.hasOwn(NAMED_ENTITIES, reference)
        ? NAMED_ENTITIES[reference]
        : codePoint(reference);
      if (resolved === undefined) this.fail('"&" must start a reference such as &amp;', from + amp);
      out += raw.slice(last, amp) + resolved;
      last = semi + 1;
    }
    return out + raw.slice(last);
  }

  private name(what: string): string {
    NAME.lastIndex = this.at;
    const match = NAME.exec(this.source);
    if (!match) this.fail(`expected the name of ${what}`);
    this.at += match[0].length;
    return match[0];
  }

  private skipSpace(): void {
    SPACE.lastIndex = this.at;
    this.at += SPACE.exec(this.source)?.[0].length ?? 0;
  }

  private expect(text: string, what: string): void {
    if (!this.source.startsWith(text, this.at)) this.fail(`${what}: expected "${text}"`);
    this.at += text.length;
  }

  private skipPast(terminator: string, what: string): void {
    const end = this.source.indexOf(terminator, this.at);
    if (end === -1) this.fail(`${what} is never closed`);
    this.at = end + terminator.length;
  }

  private fail(message: string, offset = this.at): never {
    throw new MarkupError(`${message} (${where(this.source, offset)})`);
  }
}

/** Text next to text (around a CDATA section or a comment) is one text node. */
function appendText(parent: MarkupElement, text: string): void {
  if (text === '') return;
  const last = parent.children[parent.children.length - 1];
  if (last?.kind === 'text') last.text += text;
  else parent.children.push({ kind: 'text', text });
}

/** The top-level nodes of `source`, or MarkupError when it is not well formed. */
export function parseMarkup(source: string): MarkupNode[] {
  return new Parser(source).parse();
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replaceAll('"', '&quot;');

/** Markup that parses back to `nodes`. */
export function serializeMarkup(nodes: readonly MarkupNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return escapeText(node.text);
      const attrs = node.attributes.map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`).join('');
      return `<${node.name}${attrs}>${serializeMarkup(node.children)}</${node.name}>`;
    })
    .join('');
}
