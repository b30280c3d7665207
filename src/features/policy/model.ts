import { t, type Static } from 'elysia';

/**
 * The owner's rules (Admin → Settings, docs/api.md "Instance policy"): whether the free-tier daily
 * limits apply and their numbers, and whether Pro features are open to every signed-in reader.
 * Stored as one row of `instance_policy`; without it the defaults of defaults.ts hold.
 */
export const InstancePolicySchema = t.Object({
  limits_enabled: t.Boolean(),
  audio_chapters_per_day: t.Integer(),
  translations_per_day: t.Integer(),
  pro_features_open: t.Boolean(),
}, { title: 'InstancePolicy' });
export type InstancePolicy = Static<typeof InstancePolicySchema>;

export const POLICY_FIELDS = ['limits_enabled', 'audio_chapters_per_day', 'translations_per_day', 'pro_features_open'] as const;
export type PolicyField = (typeof POLICY_FIELDS)[number];
export const PER_DAY_RANGE = { min: 0, max: 1000 } as const;

/**
 * The policy as the gate applies it: the owner's rules and whether the site takes payments
 * (POLAR_WEBHOOK_SECRET), which decides how a refusal is worded (decisions.md keeps the paid
 * site's words).
 */
export interface PolicyInForce extends InstancePolicy {
  payments_configured: boolean;
}

/** Where the gate's callers read the policy in force (reader.ts keeps it per process). */
export interface PolicySource {
  current(): Promise<PolicyInForce>;
}

const perDay = (field: PolicyField) =>
  t.Optional(t.Integer({ minimum: PER_DAY_RANGE.min, maximum: PER_DAY_RANGE.max, error: `${field} must be a whole number from ${PER_DAY_RANGE.min} to ${PER_DAY_RANGE.max}` }));

/** PUT /api/admin/settings: any subset of the four values. Unknown fields are refused by the route (unknownPolicyField). */
export const PolicyPatchSchema = t.Object(
  {
    limits_enabled: t.Optional(t.Boolean({ error: 'limits_enabled must be true or false' })),
    audio_chapters_per_day: perDay('audio_chapters_per_day'),
    translations_per_day: perDay('translations_per_day'),
    pro_features_open: t.Optional(t.Boolean({ error: 'pro_features_open must be true or false' })),
  },
  { additionalProperties: false },
);
export type PolicyPatch = Static<typeof PolicyPatchSchema>;

/** Elysia drops unknown properties before validating, so a typo would silently change nothing: the route asks this first. */
export function unknownPolicyField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  return Object.keys(body).find((key) => !(POLICY_FIELDS as readonly string[]).includes(key));
}

export const SettingsResponse = t.Object({
  policy: InstancePolicySchema,
  /** What holds while the owner has saved nothing: it follows from the configuration. */
  defaults: InstancePolicySchema,
  /** POLAR_WEBHOOK_SECRET is set: the site takes payments (the defaults follow the contract's limits). */
  payments_configured: t.Boolean(),
}, { title: 'InstanceSettings' });
export type SettingsResponse = Static<typeof SettingsResponse>;

export const PolicyResponse = t.Object({ policy: InstancePolicySchema });

/** GET /api/policy: what a client needs to show the controls that work on this server. */
export const PublicPolicyResponse = t.Object({
  /** The daily limits of readers without Pro; null when none apply. */
  limits: t.Union([t.Object({ audio_chapters_per_day: t.Integer(), translations_per_day: t.Integer() }), t.Null()]),
  /** Every signed-in reader has the Pro features (unlimited audio and translation, EPUB export). */
  pro_features_open: t.Boolean(),
  /** Pro can be bought here (checkout and its webhook are configured): show "Get Pro". */
  payments: t.Boolean(),
  /** An AI service is configured: show "Translate". */
  translation: t.Boolean(),
}, { title: 'PublicPolicy' });
export type PublicPolicy = Static<typeof PublicPolicyResponse>;

/** The page's form: every value arrives as text and is read by form.ts. */
const text = () => t.Optional(t.String({ maxLength: 20 }));
export const PolicyFormSchema = t.Object({
  limits_enabled: text(),
  audio_chapters_per_day: text(),
  translations_per_day: text(),
  pro_features_open: text(),
});
export type PolicyForm = Static<typeof PolicyFormSchema>;
