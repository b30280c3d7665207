/**
 * Deterministic synthetic prose for the reading benchmark: paragraphs of narration and dialogue in
 * markdown (emphasis, quotes, apostrophes, em-dashes, the odd scene break), book titles, author
 * names and blurbs. It is not literature; it has the shape, length and character mix of a web-novel
 * chapter, so rendering, escaping and compression do realistic work.
 */

/** mulberry32: a small seeded PRNG, so the same flags always build the same catalogue. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rand = () => number;
export const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const NAMES = 'Lin Mei Aren Sora Kael Ysolde Tobias Nell Hal Wren Jun Daro Ilse Corin Tamsin Rowan Eshe Bram Lio Saffi Oren Maren Quill Veya Hadrian Pell Nadia Ivo Cass Tiber'.split(' ');
const SURNAMES = 'Ashford Blackwood Chen Duvall Everly Fairweather Greaves Hollis Ishikawa Juniper Kestrel Lang Moreau Nakamura Okafor Penrose Quint Ravel Sato Thorne Underhill Vance Whitlock Xu Yardley Zhao Amory Bolitho Crane Dunmore'.split(' ');
const ADJ = 'ancient quiet broken silver hollow crimson distant bitter gentle restless frozen golden wild narrow patient sudden heavy faint crooked endless'.split(' ');
const NOUN = 'river lantern blade storm ember oath tower harbour winter sect mirror crown road letter garden engine mountain throne archive bridge forest gate well market shrine ship bell map library furnace'.split(' ');
const PLACE = 'the old city|the outer sect|the harbour district|the northern pass|the lower market|the academy grounds|the ruined shrine|the border town|the palace archive|the salt flats'.split('|');
const VERB_PAST = 'watched waited listened remembered hesitated laughed frowned nodded turned whispered shrugged sighed smiled paused counted'.split(' ');
const ACTION = [
  'drew the blade an inch from its sheath',
  'set the lantern down on the table',
  'folded the letter twice and tucked it away',
  'looked out at the rain over the rooftops',
  'counted the coins again, slower this time',
  'pressed a palm against the cold stone of the wall',
  'traced the line of the river on the map',
  'closed the door behind them without a sound',
  'poured two cups of tea that neither of them drank',
  'climbed the last of the steps to the tower',
  'felt the qi settle low in the dantian like a banked fire',
  "turned the key in the engine's brass housing",
];
const NARRATION = [
  'The {adj} {noun} had not changed in a hundred years, and it did not intend to start tonight.',
  'Somewhere below, in {place}, a bell rang three times and then fell silent.',
  '{name} {verb}, because there was nothing else to do, and because the {noun} was still {adj}.',
  'It was the kind of {adj} evening that made people lock their shutters and pretend not to listen.',
  'Nobody in {place} spoke of the {noun} anymore; those who had were gone, one way or another.',
  "{name} {action}. The silence afterwards was worse than any answer would have been.",
  'The wind came off the water smelling of salt and smoke, and {name} pulled the collar higher.',
  "There were rules about the {noun}, written and unwritten, and {name} had broken most of them before breakfast.",
  'For a long moment the only sound was the {adj} creak of the {noun} settling in the cold.',
  '{name} had expected anger. {name2} gave them something *far* more dangerous: patience.',
  'The {noun} in {place} was {adj} and {adj2}, exactly as the old stories promised — and nothing like them at all.',
  "By the time the lamps were lit, {name} had walked the length of {place} twice and learned nothing useful.",
  'Three days, {name} thought. Three days to find the {noun}, or everything they had built would burn.',
  "The elders called it a blessing. {name} had seen what it did to people, and called it something else.",
];
const DIALOGUE = [
  '"You should not have come back here," {name} said.',
  '"I know what I saw," {name} said quietly. "The {noun} was {adj}. It moved."',
  '"Then we go tonight." {name2} {verb}. "Before the {noun} closes."',
  '"Is that a threat?" "It\'s advice," {name} said. "The threat comes later."',
  '"Do you trust {name2}?" "I trust the {noun}," {name} said, "and the {noun} doesn\'t lie."',
  '"Three coins for the map," the merchant said. "Four if you want me to forget I sold it."',
  '"Again," said the master. "Slower. *Feel* where the strike begins."',
  '"We don\'t have time for this." "We never do," {name} said, and {action2}.',
];

function fill(rand: Rand, template: string): string {
  return template
    .replaceAll('{name2}', pick(rand, NAMES))
    .replaceAll('{name}', pick(rand, NAMES))
    .replaceAll('{adj2}', pick(rand, ADJ))
    .replaceAll('{adj}', pick(rand, ADJ))
    .replaceAll('{noun}', pick(rand, NOUN))
    .replaceAll('{place}', pick(rand, PLACE))
    .replaceAll('{verb}', pick(rand, VERB_PAST))
    .replaceAll('{action2}', pick(rand, ACTION))
    .replaceAll('{action}', pick(rand, ACTION));
}

/** One paragraph of about 350–650 characters: narration, or dialogue with a narrated beat. */
export function paragraph(rand: Rand): string {
  const parts: string[] = [];
  const dialogue = rand() < 0.35;
  const target = 320 + Math.floor(rand() * 240);
  let length = 0;
  while (length < target) {
    const sentence = fill(rand, dialogue && parts.length === 0 ? pick(rand, DIALOGUE) : pick(rand, NARRATION));
    parts.push(sentence);
    length += sentence.length + 1;
  }
  const text = parts.join(' ');
  return rand() < 0.03 ? `* * *\n\n${text}` : text;
}

export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

const TITLE_PATTERNS = [
  'The {Adj} {Noun}',
  '{Noun} of the {Adj} {Noun2}',
  'Reborn as a {Noun} Keeper',
  'The {Noun} and the {Noun2}',
  "{Name}'s {Adj} {Noun}",
  'Beyond the {Adj} {Noun}',
  'Chronicles of the {Noun} {Noun2}',
  'My {Adj} Life in the {Noun} Sect',
  'Lord of the {Adj} {Noun}',
  'A {Noun} for {Name}',
];
const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);

export function bookTitle(rand: Rand): string {
  return pick(rand, TITLE_PATTERNS)
    .replace('{Adj}', cap(pick(rand, ADJ)))
    .replace('{Noun2}', cap(pick(rand, NOUN)))
    .replace('{Noun}', cap(pick(rand, NOUN)))
    .replace('{Name}', pick(rand, NAMES));
}

export function chapterTitle(rand: Rand): string {
  return rand() < 0.5 ? `The ${cap(pick(rand, ADJ))} ${cap(pick(rand, NOUN))}` : `${cap(pick(rand, NOUN))} and ${cap(pick(rand, NOUN))}`;
}

export function authorName(rand: Rand): string {
  return `${pick(rand, NAMES)} ${pick(rand, SURNAMES)}`;
}

export function blurb(rand: Rand): string {
  return `${fill(rand, pick(rand, NARRATION))} ${fill(rand, pick(rand, NARRATION))} ${fill(rand, pick(rand, NARRATION))}`;
}

export function slugify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

export { NOUN as TITLE_NOUNS, SURNAMES };
