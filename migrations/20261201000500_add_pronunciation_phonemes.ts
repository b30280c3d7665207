import { sql, type Kysely } from 'kysely';

/**
 * A pronunciation entry may also say how it sounds in eSpeak's phoneme mnemonics, which eSpeak
 * voices read instead of the respelling (features/audio/pronunciation). Null: the respelling only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table pronunciations add column phonemes text check (length(phonemes) between 1 and 200)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table pronunciations drop column phonemes`.execute(db);
}
