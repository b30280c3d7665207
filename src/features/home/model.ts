import { t, type Static } from 'elysia';
import { BookSchema } from '../catalogue/model.ts';
import { PublicUserSchema } from '../follows/model.ts';

export const ContinueReadingSchema = t.Object({ book: BookSchema, chapter: t.Integer(), updated: t.String({ format: 'date-time' }) }, { title: 'ContinueReading' });
export const FeedEntrySchema = t.Object({ user: PublicUserSchema, book: BookSchema, chapter: t.Integer(), updated: t.String({ format: 'date-time' }) }, { title: 'FeedEntry' });

export const HomeResponse = t.Object({ continue_reading: t.Array(ContinueReadingSchema), feed: t.Array(FeedEntrySchema) }, { title: 'Home' });

/** The page also draws how far into the chapter the reader is. */
export type ContinueItem = Static<typeof ContinueReadingSchema> & { scroll: number };
export type FeedItem = Static<typeof FeedEntrySchema>;
