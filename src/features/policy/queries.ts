import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';
import type { InstancePolicy } from './model.ts';

type Executor = Db | Transaction<Database>;

const COLUMNS = ['limits_enabled', 'audio_chapters_per_day', 'translations_per_day', 'pro_features_open'] as const;

/** The stored policy (one row at most), locked when `forUpdate`; undefined while the owner has saved none. */
export function storedPolicy(db: Executor, options: { forUpdate?: boolean } = {}) {
  const query = db.selectFrom('instance_policy').select(COLUMNS);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export function savePolicy(db: Executor, policy: InstancePolicy, by: string, at: Date) {
  const values = { ...policy, updated_by: by, updated_at: at };
  return db
    .insertInto('instance_policy')
    .values({ id: true, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}
