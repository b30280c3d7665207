/**
 * The reading place is what "Continue reading" offers everywhere (home, library, /api/progress,
 * KOReader, offline). Opening an earlier chapter, to answer a comment or look something up, is a
 * look-back: it is recorded beside the place and becomes the place only once the reader goes on
 * reading there, by scrolling past this share of the chapter or by staying this long (the time
 * between the first and the latest write of the look-back, from the writes' own timestamps).
 * The furthest point ever reached is kept whatever happens. queries.ts writeProgress applies it.
 */
export const LOOK_BACK_SETTLES_AT_SCROLL = 0.5;
export const LOOK_BACK_SETTLES_AFTER_SECONDS = 3 * 60;
