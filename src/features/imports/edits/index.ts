/**
 * The admin's edits of an import in review: book fields and genres (book.ts), the chapters as a
 * list of beginnings over the parsed book (chapters.ts, cut places in cuts.ts), applied by apply.ts.
 * Pure functions; the store and the task row are service.ts's.
 */
export { applyEdits } from './apply.ts';
export { bookFields, checkedBookEdits, MAX_GENRES } from './book.ts';
export { checkBoundaries, defaultTitle, detectedSplit, editedChapters, merged, retitled, splitAt, splitPlaces, type Place } from './chapters.ts';
export { IMPORT_GENRES, knownGenre } from './genres.ts';
export { EditsRefused, englishOf, type Problem, type ProblemKey } from './problems.ts';
