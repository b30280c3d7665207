import { load } from 'cheerio';
import { first, record, type FieldRule, type Trace } from './extract.ts';
import type { SourceListItem } from './types.ts';

/** The item selectors of a catalogue or search page (each site's profile has one). */
export interface ListRules {
  item: readonly string[];
  link: FieldRule;
  title: FieldRule;
  titleAttr: FieldRule;
  cover: FieldRule;
  /** The pagination's "next" link: there is a further page. */
  next: readonly string[];
}

export interface CataloguePage {
  items: SourceListItem[];
  hasMore: boolean;
}

/**
 * A catalogue or search page → its books, each read with the profile's list rules. The first
 * item's fields go into the trace (the health check shows which selector found each).
 */
export function parseListItems(html: string, url: string, rules: ListRules, trace: Trace = []): CataloguePage {
  const $ = load(html);
  const selector = rules.item.find((s) => $(s).length > 0) ?? null;
  trace.push({ field: 'list.item', matched: selector, tried: rules.item });
  const absolute = (href: string | null) => (href ? new URL(href, url).toString() : null);
  const items = (selector ? $(selector).toArray() : []).flatMap((el, index) => {
    const item = load($.html(el));
    const traced: Trace = index === 0 ? trace : [];
    const href = record(traced, 'list.link', first(item, rules.link));
    const title = record(traced, 'list.title', first(item, rules.title)) ?? first(item, rules.titleAttr).value;
    const cover = record(traced, 'list.cover', first(item, rules.cover));
    return href && title ? [{ url: absolute(href)!, title, coverUrl: absolute(cover) }] : [];
  });
  const next = rules.next.find((s) => $(s).length > 0) ?? null;
  trace.push({ field: 'list.next', matched: next, tried: rules.next });
  return { items, hasMore: next !== null };
}
