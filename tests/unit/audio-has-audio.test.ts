import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

// books.has_audio follows audio_files by trigger (migration 20261121001000), whoever writes.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insertInto('books').values([{ slug: 'heard', title: 'Heard' }, { slug: 'other', title: 'Other' }]).execute();
});
afterAll(() => database.close());

const flag = async (slug: string) => (await database.db.selectFrom('books').select('has_audio').where('slug', '=', slug).executeTakeFirstOrThrow()).has_audio;
const file = (slug: string, chapter: number, voice = 'espeak-en-us') => ({ slug, chapter, voice, object_key: `audio/${slug}/${chapter}/${voice}.mp3`, format: 'mp3' as const });

test('the first stored chapter sets it; it stays while any is left; the last removal clears it', async () => {
  const db = database.db;
  expect(await flag('heard')).toBe(false);
  await db.insertInto('audio_files').values([file('heard', 1), file('heard', 2, 'flite-kal')]).execute();
  expect(await flag('heard')).toBe(true);
  expect(await flag('other')).toBe(false);
  await db.deleteFrom('audio_files').where('slug', '=', 'heard').where('chapter', '=', 1).execute();
  expect(await flag('heard')).toBe(true);
  await db.deleteFrom('audio_files').where('slug', '=', 'heard').execute();
  expect(await flag('heard')).toBe(false);
});

test('moving a file to another book moves the flag', async () => {
  const db = database.db;
  await db.insertInto('audio_files').values(file('heard', 3)).execute();
  await db.updateTable('audio_files').set({ slug: 'other', object_key: 'audio/other/3/espeak-en-us.mp3' }).where('slug', '=', 'heard').execute();
  expect(await flag('heard')).toBe(false);
  expect(await flag('other')).toBe(true);
});
