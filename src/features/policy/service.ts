import type { Platform } from '../../platform/index.ts';
import type { Cache } from '../../platform/cache/port.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/log.ts';
import type { PaymentsConfig } from '../../config.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { defaultPolicy, paymentsConfigured } from './defaults.ts';
import { POLICY_FIELDS, type InstancePolicy, type PolicyPatch, type SettingsResponse } from './model.ts';
import { storedPolicy, savePolicy } from './queries.ts';
import { createPolicyReader, POLICY_CHANGES, type PolicyReader } from './reader.ts';

export interface PolicyDeps {
  db: Db;
  cache: Cache;
  clock: Clock;
  payments: PaymentsConfig;
  reader: PolicyReader;
  log: Pick<Logger, 'warn'>;
}

const readers = new WeakMap<Platform, PolicyReader>();

/**
 * The policy reader of this app (one per platform, so one per process; made on first use): every
 * feature that applies the policy asks the same one, which hears changes once.
 */
export function policyOf(platform: Platform): PolicyReader {
  let reader = readers.get(platform);
  if (!reader) {
    const log = platform.log;
    reader = createPolicyReader({ db: platform.db, cache: platform.cache, payments: platform.config.payments, onError: (error) => log.warn('policy changes not heard: read from the database', { error: error as Error }) });
    readers.set(platform, reader);
  }
  return reader;
}

export function policyDeps(platform: Platform): PolicyDeps {
  return { db: platform.db, cache: platform.cache, clock: platform.clock, payments: platform.config.payments, reader: policyOf(platform), log: platform.log };
}

/** GET /api/admin/settings: the policy in force, the defaults it started from, and why those. */
export async function policySettings(deps: Pick<PolicyDeps, 'db' | 'payments'>): Promise<SettingsResponse> {
  const defaults = defaultPolicy(deps.payments);
  const stored = await storedPolicy(deps.db);
  return { policy: stored ?? defaults, defaults, payments_configured: paymentsConfigured(deps.payments) };
}

/**
 * Changes the values given, in one transaction with its audit entry (detail: each changed value,
 * from and to; nothing is written when nothing changes), then tells every process.
 */
export async function updatePolicy(deps: PolicyDeps, actor: AuditActor, patch: PolicyPatch): Promise<InstancePolicy> {
  const at = deps.clock();
  const policy = await deps.db.transaction().execute(async (trx) => {
    const before: InstancePolicy = (await storedPolicy(trx, { forUpdate: true })) ?? defaultPolicy(deps.payments);
    const after: InstancePolicy = { ...before };
    const changed: Record<string, { from: boolean | number; to: boolean | number }> = {};
    for (const field of POLICY_FIELDS) {
      const value = patch[field];
      if (value === undefined || value === before[field]) continue;
      changed[field] = { from: before[field], to: value };
      (after as Record<string, boolean | number>)[field] = value;
    }
    if (Object.keys(changed).length === 0) return after;
    await savePolicy(trx, after, actor.id, at);
    await recordAudit(trx, { actor, action: 'policy.update', detail: changed, at });
    return after;
  });
  deps.reader.forget();
  // Other processes keep their copy until they hear this (or its TTL ends, should it be lost).
  await deps.cache.publish(POLICY_CHANGES, 'changed').catch((error: unknown) => deps.log.warn('policy change not announced', { error: error as Error }));
  return policy;
}
