/** A description for <meta> and Open Graph: one line, cut at a word near `max` characters. */
export function summarise(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '') + '…';
}

// Intl formatters are costly to build (a noticeable share of a page's CPU): one per locale and style.
const formats = new Map<string, Intl.NumberFormat>();

/** Whole numbers ("4,901") or, with `decimals`, a fixed number of fraction digits ("4.5"). */
export function numberFormat(tag: string, decimals = 0): Intl.NumberFormat {
  const key = `${tag}:${decimals}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(tag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return format;
}

const dates = new Map<string, Intl.DateTimeFormat>();

/**
 * A short absolute date in the reader's language ("3 Mar 2026"), of the UTC day: no "ago", so a
 * page never depends on when it was drawn, and the same day everywhere as the datetime attribute.
 */
export function shortDate(tag: string, iso: string): { text: string; datetime: string } {
  let format = dates.get(tag);
  if (!format) dates.set(tag, (format = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })));
  const date = new Date(iso);
  return { text: format.format(date), datetime: date.toISOString().slice(0, 10) };
}
