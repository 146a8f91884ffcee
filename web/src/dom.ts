import { visibleText } from '../../src/text/visible.js';

/**
 * A tiny element builder: the page is small enough not to need a UI library. Every text it
 * puts on the page goes through `visibleText`, as svc's terminal output does: names and ids
 * come from whoever called the emulator, and a bidirectional override or a line separator
 * in one must be seen, not obeyed.
 */

type Child = Node | string | number | null | undefined | false | readonly Child[];
type Attrs = Record<string, string | number | boolean | EventListener | null | undefined>;

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

function append(el: HTMLElement, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child as readonly Child[]);
    else el.append(child instanceof Node ? child : visibleText(String(child)));
  }
}

/** A table with a caption and column headers, scrolling sideways on a narrow screen. */
export function table(
  caption: string,
  headers: readonly string[],
  rows: readonly Child[][],
): HTMLElement {
  return h(
    'div',
    { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': caption },
    h(
      'table',
      {},
      h('caption', {}, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          headers.map((name) => h('th', { scope: 'col' }, name)),
        ),
      ),
      h(
        'tbody',
        {},
        rows.length === 0
          ? h('tr', {}, h('td', { colspan: headers.length, class: 'empty' }, 'None'))
          : rows.map((cells) =>
              h(
                'tr',
                {},
                cells.map((cell) => h('td', {}, cell)),
              ),
            ),
      ),
    ),
  );
}

/** A JSON value, indented, in a block that scrolls rather than widening the page. */
export function json(value: unknown): HTMLElement {
  return h('pre', { class: 'json' }, JSON.stringify(value, null, 2) ?? 'undefined');
}

export function badge(text: string, kind = ''): HTMLElement {
  return h('span', { class: `badge ${kind}`.trim() }, text);
}

export function section(title: string, ...children: Child[]): HTMLElement {
  return h('section', {}, h('h2', {}, title), ...children);
}

/** Date and time, to the millisecond, in UTC. */
export const time = (ms: number): string =>
  new Date(ms).toISOString().replace('T', ' ').slice(0, 23);

/** The time of day alone, to the millisecond, in UTC: calls of one session share a date. */
export const clock = (ms: number): string => new Date(ms).toISOString().slice(11, 23);
