/**
 * What an avatar shows when there is no picture: one or two initials on a colour drawn from the
 * username, so that the same person always looks the same.
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Grapheme-wise, so that "émile" written with a combining accent keeps its accent. */
function firstGrapheme(text: string): string {
  for (const { segment } of segmenter.segment(text)) return segment;
  return '';
}

/** Upper-cased unless that grows the letter ("ß" → "SS" is not an initial). */
function upper(grapheme: string): string {
  const up = grapheme.toUpperCase();
  return [...up].length > [...grapheme].length ? grapheme : up;
}

/**
 * "ada_lovelace" → "AL", "AdaLovelace" → "AL", "émile" → "É", "山田" → "山", "42" → "4".
 * Words are runs of letters and digits; camelCase humps start new words.
 */
export function initialsOf(username: string): string {
  const words = username
    .normalize('NFC')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
  const lettered = words.filter((w) => /^\p{L}/u.test(w));
  const chosen = (lettered.length > 0 ? lettered : words).slice(0, 2);
  if (chosen.length === 0) return firstGrapheme(username.trim()) || '?';
  return chosen.map((word) => upper(firstGrapheme(word))).join('');
}

/** FNV-1a: small, stable across processes and releases (unlike a seeded hash). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

/** WCAG 2 contrast of white text on the colour. */
export function contrastWithWhite(h: number, s: number, l: number): number {
  const [r, g, b] = hslToRgb(h, s, l).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}

const SATURATION = 55;
/** A little above 4.5 so that a browser's rounding of the colour cannot drop it below AA. */
const MIN_CONTRAST = 4.6;

/**
 * A stable `hsl(…)` colour for the username. Lightness depends on the hue (yellows must be darker
 * than blues to carry white text): the lightest step that still meets AA is used.
 */
export function avatarColour(username: string): string {
  const hue = hash(username) % 360;
  let lightness = 45;
  while (lightness > 20 && contrastWithWhite(hue, SATURATION / 100, lightness / 100) < MIN_CONTRAST) lightness -= 1;
  return `hsl(${hue} ${SATURATION}% ${lightness}%)`;
}
