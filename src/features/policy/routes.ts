import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin, Caller } from '../../platform/http/auth.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { proForSale, translationOffered } from './defaults.ts';
import { POLICY_FIELDS, PolicyPatchSchema, PolicyResponse, PublicPolicyResponse, SettingsResponse, unknownPolicyField, type PublicPolicy } from './model.ts';
import { policyDeps, policySettings, updatePolicy } from './service.ts';
import { policyAdminPageRoutes } from './admin/page-routes.ts';

const NO_STORE = 'private, no-store';

/**
 * The owner's rules (docs/api.md "Instance policy"):
 *   GET|PUT /api/admin/settings  → the policy, its defaults, whether the site takes payments (admins only)
 *   GET /api/policy              → what a client needs to show the controls that work here (anyone)
 * and the Admin → Settings page (admin/).
 */
export function policyRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  const deps = policyDeps(platform);
  const { config } = platform;
  return new Elysia({ name: 'policy' })
    .use(auth)
    .get('/api/policy', async ({ set }): Promise<PublicPolicy> => {
      const policy = await deps.reader.current();
      set.headers['cache-control'] = 'no-cache';
      return {
        limits: policy.limits_enabled ? { audio_chapters_per_day: policy.audio_chapters_per_day, translations_per_day: policy.translations_per_day } : null,
        pro_features_open: policy.pro_features_open,
        payments: proForSale(config.payments),
        translation: translationOffered(config),
      };
    }, {
      response: PublicPolicyResponse,
      detail: { tags: ['policy'], summary: 'What this server offers: the daily limits (null when none), whether Pro features are open to every signed-in reader, whether Pro can be bought, whether translation works' },
    })
    .get('/api/admin/settings', async ({ set }) => {
      set.headers['cache-control'] = NO_STORE;
      return policySettings(deps);
    }, {
      auth: 'admin',
      response: SettingsResponse,
      detail: { tags: ['admin'], summary: 'The instance policy, the defaults it started from, and whether the site takes payments' },
    })
    .put('/api/admin/settings', async ({ body, user, set }) => {
      set.headers['cache-control'] = NO_STORE;
      return { policy: await updatePolicy(deps, user, body) };
    }, {
      auth: 'admin',
      transform: (context) => {
        // Whichever transform runs first, a caller who is not an admin hears 403 (the guard's), never a 400.
        if ((context as { caller?: Caller }).caller?.user?.role !== 'admin') return;
        const field = unknownPolicyField(context.body);
        if (field !== undefined) throw badRequest(`${field}: unknown setting (expected one of ${POLICY_FIELDS.join(', ')})`);
      },
      body: PolicyPatchSchema,
      response: PolicyResponse,
      detail: { tags: ['admin'], summary: 'Change any of the four values (numbers 0-1000); every change is written to the audit log; answers the policy' },
    })
    .use(policyAdminPageRoutes(deps, auth, env));
}
