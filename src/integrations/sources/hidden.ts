import type { CheerioAPI } from 'cheerio';
import postcss from 'postcss';

/**
 * Royal Road hides an anti-piracy sentence in an element whose random class a `<style>` rule of
 * the page hides; readers never see it, so neither may the stored chapter. Every selector of a
 * page's own style rules that hides (display:none, visibility:hidden, font-size:0, a far-off
 * position) is removed from the document.
 */
const HIDING: ReadonlyArray<[property: string, value: RegExp]> = [
  ['display', /^none\b/i],
  ['visibility', /^hidden\b/i],
  ['font-size', /^0(px|em|rem|%)?\b/i],
  ['opacity', /^0(\.0+)?$/],
  ['speak', /^never\b/i],
  ['left', /^-\d{4,}/],
];

export function hiddenSelectors(css: string): string[] {
  let root: postcss.Root;
  try {
    root = postcss.parse(css);
  } catch {
    return [];
  }
  const selectors: string[] = [];
  root.walkRules((rule) => {
    // Media queries for print or small screens are not what a reader sees by default.
    if (rule.parent?.type === 'atrule') return;
    const hides = rule.nodes.some((node) => node.type === 'decl' && HIDING.some(([prop, value]) => node.prop.toLowerCase() === prop && value.test(node.value.trim())));
    if (hides) selectors.push(...rule.selectors);
  });
  return selectors;
}

export function removeHidden($: CheerioAPI): number {
  let removed = 0;
  const css = $('style').toArray().map((el) => $(el).text()).join('\n');
  for (const selector of hiddenSelectors(css)) {
    try {
      const found = $(selector);
      removed += found.length;
      found.remove();
    } catch {
      // A selector cheerio cannot run (a pseudo-element): it hides nothing we store.
    }
  }
  $('[style]').each((_, el) => {
    const style = $(el).attr('style') ?? '';
    if (/display\s*:\s*none|visibility\s*:\s*hidden/i.test(style)) {
      $(el).remove();
      removed++;
    }
  });
  return removed;
}
