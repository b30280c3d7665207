import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { UserSettingsTable } from '../../platform/db/schema.ts';
import type { Reader } from '../../platform/http/auth.ts';
import type { SettingsPatch } from './model.ts';

/** What a write sets: the dialogue voice is written into the voice column (settings/dialogue.ts). */
export type SettingsRowPatch = Omit<SettingsPatch, 'dialogue_voice'>;

/** The stored row: a null field means "never chosen", read as the default. */
export type SettingsRow = Omit<Selectable<UserSettingsTable>, 'id' | 'user_id' | 'session_id'>;

const COLUMNS = ['auto_next', 'voice', 'speed', 'theme', 'locale', 'font_family', 'font_size', 'updated_at'] as const;

/**
 * One row per reader. The predicates repeat those of the partial unique indexes
 * (user_settings_user_idx, user_settings_session_idx) so each lookup is one index probe.
 */
export async function findSettings(db: Db, reader: Reader): Promise<SettingsRow | undefined> {
  const query = db.selectFrom('user_settings').select(COLUMNS);
  return reader.kind === 'user'
    ? query.where('user_id', '=', reader.userId).executeTakeFirst()
    : query.where('session_id', '=', reader.sessionId).where('user_id', 'is', null).executeTakeFirst();
}

/**
 * Writes the given fields in one statement: insert the reader's row, or on conflict with their
 * existing row (the partial unique index of their kind) set just those fields. Returns the row as
 * stored afterwards. An empty patch must not reach here (nothing to write).
 */
export async function upsertSettings(db: Db, reader: Reader, patch: SettingsRowPatch): Promise<SettingsRow> {
  const owner = reader.kind === 'user' ? { user_id: reader.userId, session_id: null } : { user_id: null, session_id: reader.sessionId };
  const fields = Object.keys(patch) as (keyof SettingsRowPatch)[];
  return db
    .insertInto('user_settings')
    .values({ ...owner, ...patch })
    .onConflict((oc) => {
      const target = reader.kind === 'user' ? oc.column('user_id').where('user_id', 'is not', null) : oc.column('session_id').where('user_id', 'is', null);
      return target.doUpdateSet((eb) => {
        const set: Record<string, unknown> = { updated_at: sql`now()` };
        for (const field of fields) set[field] = eb.ref(`excluded.${field}`);
        return set;
      });
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The privacy flag is a column of the account (app_users.library_private), read by primary key. */
export async function findLibraryPrivate(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('app_users').select('library_private').where('id', '=', userId).executeTakeFirst();
  return row?.library_private ?? false;
}

export async function updateLibraryPrivate(db: Db, userId: string, value: boolean): Promise<boolean> {
  const row = await db.updateTable('app_users').set({ library_private: value, updated_at: sql`now()` }).where('id', '=', userId).returning('library_private').executeTakeFirst();
  return row?.library_private ?? value;
}
