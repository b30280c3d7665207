import { sql, type Kysely } from 'kysely';

/**
 * A look-back keeps its own audio position: a listener who goes back to an earlier chapter finds
 * the narration where they left it, before the look-back has become the reading place
 * (features/progress/reading-place.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table progress add column back_audio real check (back_audio >= 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table progress drop column back_audio`.execute(db);
}
