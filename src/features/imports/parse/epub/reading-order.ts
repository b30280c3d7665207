import type { ManifestItem } from './opf.ts';

/**
 * The spine without repeats. A document listed again (EPUB forbids it; epubcheck's OPF-034) is read
 * once, where it first appears, and the review says so: read 40 times, one 1 MB chapter cost a
 * gigabyte and a 41 MB preview.
 */
export function readingOrder(spine: readonly ManifestItem[], warnings: string[]): ManifestItem[] {
  const listed = new Map<string, number>();
  const order: ManifestItem[] = [];
  for (const item of spine) {
    const times = (listed.get(item.path) ?? 0) + 1;
    listed.set(item.path, times);
    if (times === 1) order.push(item);
  }
  for (const [path, times] of listed) {
    if (times > 1) warnings.push(`${path} is listed ${times} times in the book's reading order; it was read once, where it first appears.`);
  }
  return order;
}
