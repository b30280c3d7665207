/**
 * Deterministic prose for the local source site: the same book and chapter always read the same,
 * and every chapter differs from the others (so de-duplication and change detection mean something).
 */
const SUBJECTS = ['The archivist', 'Mara', 'The old clerk', 'A courier', 'The lamplighter', 'Tobin', 'The harbour master', 'Ilse'];
const VERBS = ['carried', 'opened', 'counted', 'hid', 'read', 'mended', 'weighed', 'followed'];
const OBJECTS = ['the brass key', 'a ledger of tides', 'the sealed letter', 'a lantern', 'the map of the lower stacks', 'a bundle of receipts', 'the iron door', 'a box of candles'];
const PLACES = ['through the east gallery', 'down to the flooded stacks', 'along the harbour wall', 'past the silent reading room', 'into the rain', 'up the spiral stair', 'across the market square', 'under the clock tower'];
const ENDINGS = ['before the bells rang.', 'while the fog thickened.', 'as if nothing had happened.', 'without a word to anyone.', 'and waited for an answer.', 'and did not look back.', 'until the candles guttered.', 'with great care.'];

function rng(seed: number) {
  let state = seed >>> 0 || 1;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state >>> 16) % n;
  };
}

export function paragraphs(bookSeed: number, chapter: number, count = 6): string[] {
  const pick = rng(bookSeed * 100_003 + chapter * 7919);
  return Array.from({ length: count }, () =>
    Array.from({ length: 4 }, () => `${SUBJECTS[pick(SUBJECTS.length)]} ${VERBS[pick(VERBS.length)]} ${OBJECTS[pick(OBJECTS.length)]} ${PLACES[pick(PLACES.length)]} ${ENDINGS[pick(ENDINGS.length)]}`).join(' '),
  );
}

const TITLE_WORDS = ['Ashes', 'Ledger', 'Lantern', 'Gate', 'Tide', 'Archive', 'Stair', 'Bell', 'Harbour', 'Key', 'Winter', 'Thread'];

export function chapterTitle(bookSeed: number, chapter: number): string {
  const pick = rng(bookSeed * 31 + chapter * 17);
  return `The ${TITLE_WORDS[pick(TITLE_WORDS.length)]} and the ${TITLE_WORDS[pick(TITLE_WORDS.length)]}`;
}

export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
