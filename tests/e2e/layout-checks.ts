/**
 * What the layout journey checks on every page, run inside the page (page.evaluate: each function
 * must stand alone). Each returns the problems it found, in words, empty when all is well.
 */

/**
 * The header and the tab bar: every item (brand, each destination, each tool) is shown whole,
 * on screen, apart from every other item, and big enough to tap; the page never scrolls sideways.
 */
export function inspectHeader(): string[] {
  const problems: string[] = [];
  const doc = document.documentElement;
  const vw = doc.clientWidth;
  const vh = window.innerHeight;
  if (doc.scrollWidth > vw) problems.push(`the page scrolls sideways (${doc.scrollWidth}px of content in ${vw}px)`);

  const header = document.querySelector('.site-header');
  if (!header) return [...problems, 'there is no site header'];
  const items: Array<[string, Element]> = [];
  const brand = header.querySelector('.brand');
  if (brand) items.push(['the brand', brand]);
  else problems.push('the brand is missing');
  header.querySelectorAll('.site-nav__link').forEach((link) => items.push([`the "${(link.textContent ?? '').trim()}" link`, link]));
  header.querySelectorAll('.site-header__tools > :not(script)').forEach((tool) => {
    const target = tool.matches('details') ? tool.querySelector('summary')! : tool;
    const name = target.getAttribute('aria-label') || (target.textContent ?? '').trim() || tool.className;
    items.push([`the "${name}" tool`, target]);
  });

  const round = (n: number) => Math.round(n);
  const hiddenOnPurpose = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width <= 1 && r.height <= 1;
  };
  /** The part of el's box that its clipping ancestors let through (null: none of it). */
  const visiblePart = (el: Element) => {
    let { left, top, right, bottom } = el.getBoundingClientRect();
    for (let a = el.parentElement; a && a !== doc; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.position === 'fixed') break;
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      left = Math.max(left, c.left);
      top = Math.max(top, c.top);
      right = Math.min(right, c.right);
      bottom = Math.min(bottom, c.bottom);
    }
    return right - left > 0.5 && bottom - top > 0.5 ? { left, top, right, bottom } : null;
  };

  const boxes: Array<[string, DOMRect]> = [];
  for (const [name, el] of items) {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (r.width < 1 || r.height < 1 || style.visibility === 'hidden') {
      problems.push(`${name} is not shown`);
      continue;
    }
    boxes.push([name, r]);
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
      problems.push(`${name} is off-screen (${round(r.left)},${round(r.top)} to ${round(r.right)},${round(r.bottom)} in ${vw}×${vh})`);
    }
    const seen = visiblePart(el);
    if (!seen || seen.right - seen.left < r.width - 1 || seen.bottom - seen.top < r.height - 1) {
      problems.push(`${name} is cut off by its container (${seen ? round(seen.right - seen.left) : 0} of ${round(r.width)}px shown)`);
    }
    if (el.scrollWidth > el.clientWidth + 1) problems.push(`${name} is clipped (scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth})`);
    if (r.width < 43.5 || r.height < 43.5) problems.push(`${name} is smaller than a 44 px tap target (${round(r.width)}×${round(r.height)})`);
    for (const part of [el, ...Array.from(el.querySelectorAll('*'))]) {
      if (hiddenOnPurpose(part)) continue;
      const text = Array.from(part.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      if (getComputedStyle(part).textOverflow === 'ellipsis' && part.scrollWidth > part.clientWidth) {
        problems.push(`${name} has its text cut with an ellipsis ("${(part.textContent ?? '').trim()}")`);
      } else if (text && part !== el) {
        // Text is shown whole or not at all (the brand's name wraps out of sight when short of room).
        const pr = part.getBoundingClientRect();
        const shown = visiblePart(part);
        if (shown && (shown.right - shown.left < pr.width - 1 || shown.bottom - shown.top < pr.height - 1)) {
          problems.push(`${name} shows only part of "${(part.textContent ?? '').trim()}"`);
        }
      }
    }
    if (el.matches('.site-nav__link')) {
      const parts = [el.querySelector('.site-nav__icon'), el.querySelector('.site-nav__label')].filter((p) => p && !hiddenOnPurpose(p) && visiblePart(p));
      if (parts.length === 0) problems.push(`${name} shows neither its icon nor its label`);
    }
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [an, a] = boxes[i]!;
      const [bn, b] = boxes[j]!;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0.5 && h > 0.5) problems.push(`${an} and ${bn} overlap (${round(w)}×${round(h)} px)`);
    }
  }
  return problems;
}

/**
 * Scrolled to its end, the page's last content and its footer end above whatever is docked at the
 * bottom of the screen (the tab bar, the player bar). Measured right after the scroll, in one go.
 */
export function inspectPageEnd(): string[] {
  const doc = document.documentElement;
  window.scrollTo(0, doc.scrollHeight);
  const problems: string[] = [];
  const docked = Array.from(document.querySelectorAll('.site-nav, .player--docked .player__bar')).filter((el) => {
    const r = el.getBoundingClientRect();
    return getComputedStyle(el).position === 'fixed' && r.height > 0 && r.top < window.innerHeight;
  });
  const footer = document.querySelector('.site-footer');
  if (!footer) return ['there is no footer'];
  const end = footer.getBoundingClientRect().bottom;
  if (doc.scrollWidth > doc.clientWidth) problems.push(`the page scrolls sideways at its end (${doc.scrollWidth}px of content in ${doc.clientWidth}px)`);
  for (const bar of docked) {
    const top = bar.getBoundingClientRect().top;
    if (end > top + 0.5) problems.push(`the footer ends under the ${bar.className} (footer ends at ${Math.round(end)}, the bar starts at ${Math.round(top)})`);
  }
  return problems;
}
