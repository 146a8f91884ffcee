import { describe, expect, it } from 'vitest';
import {
  MarkupError,
  MAX_DEPTH,
  parseMarkup,
  serializeMarkup,
} from '../../../src/emulator/crdt/markup.js';

const text = (t: string) => ({ kind: 'text', text: t });
const el = (name: string, attributes: [string, string][] = [], children: unknown[] = []) => ({
  kind: 'element',
  name,
  attributes,
  children,
});

function failure(source: string): string {
  try {
    parseMarkup(source);
  } catch (error) {
    expect(error).toBeInstanceOf(MarkupError);
    return (error as Error).message;
  }
  throw new Error(`"${source}" parsed`);
}

describe('parseMarkup', () => {
  it('reads elements, attributes sorted by name, text and self-closing tags', () => {
    expect(parseMarkup('<p z="1" a=\'2\'>Hi <b>you</b><br/></p>tail')).toEqual([
      el(
        'p',
        [
          ['a', '2'],
          ['z', '1'],
        ],
        [text('Hi '), el('b', [], [text('you')]), el('br')],
      ),
      text('tail'),
    ]);
  });

  it('allows whitespace inside tags and names with prefixes, dashes and dots', () => {
    expect(parseMarkup('<x:node  data-a.b = "v"\n></x:node >')).toEqual([
      el('x:node', [['data-a.b', 'v']]),
    ]);
  });

  it('resolves entity and character references, in text and attribute values', () => {
    expect(parseMarkup('<a t="&quot;&#65;&#x1F600;">&lt;&amp;&gt;&apos;</a>')).toEqual([
      el('a', [['t', '"A😀']], [text("<&>'")]),
    ]);
  });

  it('keeps CDATA as text joined to its neighbours, and skips comments and declarations', () => {
    expect(parseMarkup('<?xml version="1.0"?><p>a<![CDATA[<b>&]]><!-- note -->c</p>')).toEqual([
      el('p', [], [text('a<b>&c')]),
    ]);
  });

  it('gives nothing for empty markup', () => {
    expect(parseMarkup('')).toEqual([]);
  });

  it('refuses markup that is not well formed, saying where', () => {
    expect(failure('<p><b>x</p></b>')).toBe(
      'closing tag </p> does not match <b> (line 1, column 8)',
    );
    expect(failure('<p>\n  <b>open')).toBe('<b> is never closed (line 2, column 3)');
    expect(failure('x</p>')).toMatch(/no matching opening tag/);
    expect(failure('<p a="1" a="2"></p>')).toMatch(/attribute "a" twice/);
    expect(failure('<p a=1></p>')).toMatch(/must be quoted/);
    expect(failure('<p a="1></p>')).toMatch(/never closed/);
    expect(failure('<p a="<"></p>')).toMatch(/contains "<"/);
    expect(failure('a & b')).toMatch(/must start a reference/);
    expect(failure('&#0;')).toMatch(/must start a reference/);
    expect(failure('&#xD800;')).toMatch(/must start a reference/);
    expect(failure('<!DOCTYPE html><p></p>')).toMatch(/not supported/);
    expect(failure('<1p></1p>')).toMatch(/expected the name of an element/);
    expect(failure('<p/ >')).toMatch(/expected whitespace, ">" or "\/>"/);
    expect(failure('<!-- open')).toMatch(/comment is never closed/);
  });

  it(`refuses elements nested deeper than ${MAX_DEPTH}`, () => {
    const nested = (depth: number) => '<a>'.repeat(depth) + '</a>'.repeat(depth);
    expect(parseMarkup(nested(MAX_DEPTH))).toHaveLength(1);
    expect(failure(nested(MAX_DEPTH + 1))).toMatch(/deeper than/);
    // Far deeper input fails the same way rather than exhausting the stack.
    expect(failure(nested(100_000))).toMatch(/deeper than/);
  });
});

describe('serializeMarkup', () => {
  it('writes markup that parses back to the same nodes, escaping what needs it', () => {
    const source = '<p a="&quot;&lt;&amp;">x &lt; y &amp;&amp; z &gt; w<br></br></p>';
    const nodes = parseMarkup(source);
    const written = serializeMarkup(nodes);
    expect(written).toBe(source);
    expect(parseMarkup(written)).toEqual(nodes);
  });
});
