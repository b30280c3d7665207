import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { PRIVATE, see } from '../../../platform/http/form-pages.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { offersOf } from '../../../platform/http/page-context.ts';
import { wantsHtmx } from '../../../platform/http/request-context.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { PolicySettingsPage, PolicySettingsNotice, type PolicyNotice } from '../../../../views/pages/admin/settings/PolicySettingsPage.tsx';
import { PolicyFormSchema } from '../model.ts';
import { policySettings, updatePolicy, type PolicyDeps } from '../service.ts';
import { readPolicyForm, type NumberField } from './form.ts';

export const SETTINGS_PAGE = '/admin/settings';

/**
 * /admin/settings: the instance policy as a form (admins only). Saved in place with htmx, or as a
 * plain form post (303 back with a notice); a refused number comes back as the page's notice.
 * The form is a cookie-authenticated write, so the global Origin check (CSRF) guards it.
 */
export function policyAdminPageRoutes(deps: PolicyDeps, auth: AuthPlugin, env: PageEnvironment) {
  const render = async (request: Request, notice: PolicyNotice, invalid: NumberField[] = [], status = 200) => {
    const settings = await policySettings(deps);
    const ctx = pageContext(request, env);
    const page = PolicySettingsPage({ ctx, ...settings, translation: offersOf(ctx).translation, notice, invalid });
    return htmlResponse(page, status, PRIVATE);
  };
  return new Elysia({ name: 'policy-admin-pages' })
    .use(auth)
    .get(SETTINGS_PAGE, ({ request, query }) => render(request, (query as { saved?: string }).saved === '1' ? 'saved' : null), { auth: 'admin', detail: { hide: true } })
    .post(SETTINGS_PAGE, async ({ request, body, user }) => {
      const { patch, invalid } = readPolicyForm(body);
      const htmx = wantsHtmx(request);
      const ctx = pageContext(request, env);
      if (invalid.length > 0) {
        if (htmx) return htmlResponse(PolicySettingsNotice({ ctx, notice: 'invalid', invalid }), 200, PRIVATE);
        return render(request, 'invalid', invalid, 400);
      }
      await updatePolicy(deps, user, patch);
      if (!htmx) return see(`${SETTINGS_PAGE}?saved=1`);
      return htmlResponse(PolicySettingsNotice({ ctx, notice: 'saved', invalid: [] }), 200, PRIVATE);
    }, { auth: 'admin', body: PolicyFormSchema, detail: { hide: true } });
}
