import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { LOCALE_TAGS } from '../../../../src/platform/i18n/locale.ts';
import { ROLES } from '../../../../src/features/accounts/admin/model.ts';

/** A role's name in the reader's language; anything else as it is. */
export function roleName(ctx: PageContext, role: unknown): string {
  return typeof role === 'string' && (ROLES as readonly string[]).includes(role) ? ctx.t(`users.role.${role}`) : String(role ?? '');
}

/** Login providers are products: their names are not translated. */
const PROVIDER_NAMES: Record<string, string> = { google: 'Google', github: 'GitHub', oidc: 'OpenID Connect' };

export function methodName(ctx: PageContext, method: string): string {
  return method === 'password' ? ctx.t('users.method.password') : (PROVIDER_NAMES[method] ?? method);
}

/** A day in the locale's words, in UTC (the day "Pro until" names). */
export function formatDay(ctx: PageContext, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_TAGS[ctx.locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
