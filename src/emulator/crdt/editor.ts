import { isDeepStrictEqual } from 'node:util';
import * as Y from 'yjs';
import type * as z from 'zod';
import type { crdtType } from '../../catalogue/models.js';
import { type MarkupNode, parseMarkup, serializeMarkup } from './markup.js';

/**
 * A CRDT editor's data as a real Yjs document (docs/wire-notes.md): `text` is a Y.Text, `map` a
 * Y.Map, `array` a Y.Array and `xml` a Y.XmlFragment, each the root type named by the
 * editor's content key. Values inside maps and arrays are plain JSON, as a client writes
 * them with `set` and `insert`.
 */

export type CrdtType = z.infer<typeof crdtType>;

/** The root type's name when the editor names none; the spec gives it for `xml`. */
export const DEFAULT_CONTENT_KEY = 'content';

export type CrdtContent =
  | { type: 'text' | 'xml'; data: string }
  | { type: 'map'; data: Record<string, unknown> }
  | { type: 'array'; data: unknown[] };

const shapeWord: Record<CrdtType, string> = {
  text: 'a string',
  xml: 'a string',
  map: 'an object',
  array: 'an array',
};

/** The content `data` is for an editor of `type`, or undefined when its shape is wrong. */
export function crdtContent(type: CrdtType, data: unknown): CrdtContent | undefined {
  switch (type) {
    case 'text':
    case 'xml':
      return typeof data === 'string' ? { type, data } : undefined;
    case 'array':
      return Array.isArray(data) ? { type, data: data as unknown[] } : undefined;
    case 'map':
      return typeof data === 'object' && data !== null && !Array.isArray(data)
        ? { type, data: data as Record<string, unknown> }
        : undefined;
  }
}

/** The message for data that `crdtContent` refuses, worded as the catalogue's. */
export function shapeMismatch(type: CrdtType): string {
  return `data must be ${shapeWord[type]} for type ${type}`;
}

type XmlChild = Y.XmlElement | Y.XmlText | Y.XmlHook;

function jsonOf(value: unknown): unknown {
  return value instanceof Y.AbstractType ? (value.toJSON() as unknown) : value;
}

/**
 * How many leading and trailing items two lists of these lengths share, by index; the two
 * runs never overlap.
 */
function commonEnds(
  currentLength: number,
  nextLength: number,
  same: (currentIndex: number, nextIndex: number) => boolean,
): { prefix: number; suffix: number } {
  const max = Math.min(currentLength, nextLength);
  let prefix = 0;
  while (prefix < max && same(prefix, prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && same(currentLength - 1 - suffix, nextLength - 1 - suffix)) {
    suffix++;
  }
  return { prefix, suffix };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Deletes the middle that differs and inserts the new one. Y.Text counts UTF-16 units, so
 * the ends are kept off the inside of a surrogate pair: Yjs would replace half a pair with
 * U+FFFD.
 */
function writeText(text: Y.Text, next: string): void {
  const current = text.toString();
  let { prefix, suffix } = commonEnds(
    current.length,
    next.length,
    (i, j) => current.charCodeAt(i) === next.charCodeAt(j),
  );
  if (prefix > 0 && isHighSurrogate(current.charCodeAt(prefix - 1))) prefix--;
  if (suffix > 0 && isLowSurrogate(current.charCodeAt(current.length - suffix))) suffix--;
  const removed = current.length - prefix - suffix;
  if (removed > 0) text.delete(prefix, removed);
  const inserted = next.slice(prefix, next.length - suffix);
  if (inserted !== '') text.insert(prefix, inserted);
}

/** Sets the keys whose value changed or is new, deletes the keys that are gone. */
function writeMap(map: Y.Map<unknown>, next: Record<string, unknown>): void {
  for (const key of [...map.keys()]) {
    if (!Object.hasOwn(next, key)) map.delete(key);
  }
  for (const [key, value] of Object.entries(next)) {
    if (!map.has(key) || !isDeepStrictEqual(jsonOf(map.get(key)), value)) map.set(key, value);
  }
}

/** Keeps the items both ends share (compared as JSON), replaces the middle. */
function writeArray(array: Y.Array<unknown>, next: readonly unknown[]): void {
  const current = array.toArray().map(jsonOf);
  const { prefix, suffix } = commonEnds(current.length, next.length, (i, j) =>
    isDeepStrictEqual(current[i], next[j]),
  );
  const removed = current.length - prefix - suffix;
  if (removed > 0) array.delete(prefix, removed);
  const inserted = next.slice(prefix, next.length - suffix);
  if (inserted.length > 0) array.insert(prefix, inserted);
}

/** A node of the fragment as markup; attributes sorted as the parser sorts them. */
function markupOf(node: XmlChild): MarkupNode[] {
  if (node instanceof Y.XmlText) return [{ kind: 'text', text: node.toString() }];
  if (node instanceof Y.XmlElement) {
    const attributes = Object.entries(node.getAttributes())
      .flatMap(([name, value]): [string, string][] => (value === undefined ? [] : [[name, value]]))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const children = node.toArray().flatMap(markupOf);
    return [{ kind: 'element', name: node.nodeName, attributes, children }];
  }
  // A hook is a client's embedded map; markup has no form for it.
  return [];
}

function yNodeOf(node: MarkupNode): Y.XmlElement | Y.XmlText {
  if (node.kind === 'text') return new Y.XmlText(node.text);
  const element = new Y.XmlElement(node.name);
  for (const [name, value] of node.attributes) element.setAttribute(name, value);
  element.insert(0, node.children.map(yNodeOf));
  return element;
}

/** Keeps the top-level nodes both ends share, replaces the middle with the new nodes. */
function writeXml(fragment: Y.XmlFragment, next: readonly MarkupNode[]): void {
  const current = fragment.toArray();
  const same = (i: number, j: number) => {
    const node = current[i];
    return node !== undefined && isDeepStrictEqual(markupOf(node), [next[j]]);
  };
  const { prefix, suffix } = commonEnds(current.length, next.length, same);
  const removed = current.length - prefix - suffix;
  if (removed > 0) fragment.delete(prefix, removed);
  const inserted = next.slice(prefix, next.length - suffix);
  if (inserted.length > 0) fragment.insert(prefix, inserted.map(yNodeOf));
}

/**
 * The change that turns the editor's content into `content`, ready to run in a transaction.
 * Markup is parsed here, before anything is written: malformed markup throws MarkupError
 * and leaves the document as it was.
 */
function writer(content: CrdtContent, contentKey: string): (doc: Y.Doc) => void {
  switch (content.type) {
    case 'text':
      return (doc) => writeText(doc.getText(contentKey), content.data);
    case 'map':
      return (doc) => writeMap(doc.getMap(contentKey), content.data);
    case 'array':
      return (doc) => writeArray(doc.getArray(contentKey), content.data);
    case 'xml': {
      const nodes = parseMarkup(content.data);
      return (doc) => writeXml(doc.getXmlFragment(contentKey), nodes);
    }
  }
}

function load(state: Uint8Array): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc;
}

/** The encoded state (`Y.encodeStateAsUpdate`) of a new editor holding `content`. */
export function initialState(content: CrdtContent, contentKey: string): Uint8Array {
  const write = writer(content, contentKey);
  const doc = new Y.Doc();
  doc.transact(() => write(doc));
  return Y.encodeStateAsUpdate(doc);
}

/**
 * Applies the operations that turn the stored editor into `content`, in one transaction.
 * `updates` are what the transaction emitted, what connected clients receive: applied to a
 * copy of the old state, they give the new content. Empty when nothing changed.
 */
export function updateState(
  state: Uint8Array,
  content: CrdtContent,
  contentKey: string,
): { state: Uint8Array; updates: Uint8Array[] } {
  const write = writer(content, contentKey);
  const doc = load(state);
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  doc.transact(() => write(doc));
  return { state: Y.encodeStateAsUpdate(doc), updates };
}

/** The editor's content as JSON: a string for text and xml (markup), an object, an array. */
export function readContent(state: Uint8Array, type: CrdtType, contentKey: string): unknown {
  const doc = load(state);
  switch (type) {
    case 'text':
      return doc.getText(contentKey).toString();
    case 'map':
      return doc.getMap(contentKey).toJSON();
    case 'array':
      return doc.getArray(contentKey).toJSON();
    case 'xml':
      return serializeMarkup(doc.getXmlFragment(contentKey).toArray().flatMap(markupOf));
  }
}
