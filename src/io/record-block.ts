import { displayWidth, wrapWords } from '../text/wrap.js';

/** One value of a record, under its label. */
export interface Field {
  label: string;
  value: string;
  /** Free text, which may wrap between words; any other value stays whole on its line. */
  wraps: boolean;
}

/** How far a value too long to stand beside its label is indented on the line below. */
const VALUE_INDENT = '  ';

/** Room kept for free text beside its label; with less, it starts on the line below. */
const NARROWEST_VALUE = 16;

/**
 * A record as lines of `label  value`, the labels padded to the widest so the values line
 * up, as `kubectl describe` lays one out. Free text wraps between words within `width`,
 * its lines under the value column; any other value (an id, a name, a status) is written
 * whole on one line, however long, since a broken id cannot be copied: beside its label, or
 * below it where only that keeps it within the width.
 * `style` dresses a label once it is padded (bold on a terminal).
 */
export function recordLines(
  fields: readonly Field[],
  width: number | undefined,
  style: (label: string) => string = (label) => label,
): string[] {
  const labelWidth = Math.max(0, ...fields.map((f) => displayWidth(f.label)));
  const indent = ' '.repeat(labelWidth + 2);
  const room = width === undefined ? undefined : width - indent.length;
  return fields.map(({ label, value, wraps }) => {
    const lead = `${style(label.padEnd(labelWidth))}  `;
    if (room === undefined || displayWidth(value) <= room) return `${lead}${value}`;
    if (!wraps) {
      // Too long beside its label: on a line of its own, where that is enough to keep it
      // whole in the terminal's width; else beside its label all the same.
      const own = `${VALUE_INDENT}${value}`;
      return width !== undefined && displayWidth(own) <= width
        ? `${style(label)}\n${own}`
        : `${lead}${value}`;
    }
    if (room < NARROWEST_VALUE) return `${style(label)}\n${wrapWords(value, width)}`;
    return `${lead}${wrapWords(value, room).replace(/\n/g, `\n${indent}`)}`;
  });
}

/** What separates the fields of a line. */
const GAP = '  ';

/**
 * `lead` and then `fields` on one line, two spaces apart, broken only between fields: one
 * that does not fit on what is left of the line starts the next, under the first field, so
 * a status (`valid`) or an id is never split; a field wider than a whole line wraps between
 * its own words. Colour codes take no room.
 */
export function fieldLine(
  lead: string,
  fields: readonly string[],
  width: number | undefined,
): string {
  if (width === undefined) return `${lead}${fields.join(GAP)}`;
  const indent = ' '.repeat(displayWidth(lead));
  const lines: string[] = [];
  let line = lead;
  // Whether the line holds nothing yet but its lead or indent.
  let bare = true;
  for (const field of fields) {
    const joined = bare ? `${line}${field}` : `${line}${GAP}${field}`;
    if (displayWidth(joined) <= width) {
      line = joined;
      bare = false;
      continue;
    }
    if (!bare) {
      lines.push(line);
      line = indent;
    }
    const parts = wrapWords(field, Math.max(1, width - displayWidth(line))).split('\n');
    const last = parts.pop() ?? '';
    parts.forEach((part, at) => lines.push(`${at === 0 ? line : indent}${part}`));
    line = `${parts.length > 0 ? indent : line}${last}`;
    bare = false;
  }
  lines.push(line);
  return lines.join('\n');
}
