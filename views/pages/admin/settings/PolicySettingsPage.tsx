import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { InstancePolicy } from '../../../../src/features/policy/model.ts';
import { PER_DAY_RANGE } from '../../../../src/features/policy/model.ts';
import type { NumberField } from '../../../../src/features/policy/admin/form.ts';
import { Layout } from '../../../layouts/Layout.tsx';

export type PolicyNotice = 'saved' | 'invalid' | null;

export interface PolicySettingsPageProps {
  ctx: PageContext;
  policy: InstancePolicy;
  defaults: InstancePolicy;
  payments_configured: boolean;
  /** An AI service is configured (translation can work at all). */
  translation: boolean;
  notice: PolicyNotice;
  invalid: NumberField[];
}

const ACTION = '/admin/settings';
const LABELS: Record<NumberField, 'policy.settings.audio' | 'policy.settings.translations'> = {
  audio_chapters_per_day: 'policy.settings.audio',
  translations_per_day: 'policy.settings.translations',
};

/** The line under the form: saved, or which numbers were refused (also the htmx answer to a save). */
export function PolicySettingsNotice({ ctx, notice, invalid }: Pick<PolicySettingsPageProps, 'ctx' | 'notice' | 'invalid'>): JSX.Element {
  const { t } = ctx;
  if (notice === 'saved') return <p class="notice notice--ok" role="status" safe>{t('policy.settings.saved')}</p>;
  if (notice !== 'invalid') return <></>;
  return (
    <div class="notice notice--error" role="alert">
      {invalid.map((field) => (
        <p safe>{t('policy.settings.invalid', { field: t(LABELS[field]) })}</p>
      ))}
    </div>
  );
}

function NumberInput({ ctx, field, value, invalid }: { ctx: PageContext; field: NumberField; value: number; invalid: boolean }): JSX.Element {
  const id = `policy-${field.replaceAll('_', '-')}`;
  return (
    <div class="field">
      <label for={id} safe>{ctx.t(LABELS[field])}</label>
      <input id={id} type="number" name={field} value={String(value)} min={String(PER_DAY_RANGE.min)} max={String(PER_DAY_RANGE.max)} step="1" inputmode="numeric" required
        aria-invalid={invalid ? 'true' : undefined} aria-describedby="policy-number-hint" />
    </div>
  );
}

/**
 * /admin/settings: the owner's rules. What holds by default is said in plain words first (it
 * follows from whether the server takes payments); the form saves all four values at once.
 */
export function PolicySettingsPage({ ctx, policy, defaults, payments_configured, translation, notice, invalid }: PolicySettingsPageProps): JSX.Element {
  const { t } = ctx;
  const defaultsLine = payments_configured
    ? t('policy.settings.payments', { audio: defaults.audio_chapters_per_day, translations: defaults.translations_per_day })
    : t('policy.settings.noPayments');
  return (
    <Layout ctx={ctx} title={t('policy.settings.title')} noindex>
      <section class="settings admin-settings">
        <p><a href="/admin" safe>{t('admin.back')}</a></p>
        <h1 safe>{t('policy.settings.title')}</h1>
        <p class="settings__intro" safe>{t('policy.settings.lead')}</p>
        <p class="notice" id="policy-defaults" safe>{defaultsLine}</p>
        {translation ? '' : <p class="field__hint" safe>{t('policy.settings.translationOff')}</p>}
        <form class="settings-form" method="post" action={ACTION} hx-post={ACTION} hx-target="#policy-notice" hx-swap="innerHTML">
          <fieldset class="settings-group">
            <legend safe>{t('policy.settings.limits')}</legend>
            <div class="field field--check">
              <input type="checkbox" id="policy-limits-enabled" name="limits_enabled" value="true" checked={policy.limits_enabled} aria-describedby="policy-limits-hint" />
              <label for="policy-limits-enabled" safe>{t('policy.settings.limitsEnabled')}</label>
              <p id="policy-limits-hint" class="field__hint" safe>{t('policy.settings.limitsHint')}</p>
            </div>
            <NumberInput ctx={ctx} field="audio_chapters_per_day" value={policy.audio_chapters_per_day} invalid={invalid.includes('audio_chapters_per_day')} />
            <NumberInput ctx={ctx} field="translations_per_day" value={policy.translations_per_day} invalid={invalid.includes('translations_per_day')} />
            <p id="policy-number-hint" class="field__hint" safe>{t('policy.settings.numberHint')}</p>
          </fieldset>
          <fieldset class="settings-group">
            <legend safe>{t('policy.settings.pro')}</legend>
            <div class="field field--check">
              <input type="checkbox" id="policy-pro-open" name="pro_features_open" value="true" checked={policy.pro_features_open} aria-describedby="policy-pro-hint" />
              <label for="policy-pro-open" safe>{t('policy.settings.proOpen')}</label>
              <p id="policy-pro-hint" class="field__hint" safe>{t('policy.settings.proHint')}</p>
            </div>
          </fieldset>
          <div class="settings-form__actions">
            <button type="submit" class="button" safe>{t('policy.settings.save')}</button>
          </div>
        </form>
        <div id="policy-notice" aria-live="polite">
          <PolicySettingsNotice ctx={ctx} notice={notice} invalid={invalid} />
        </div>
      </section>
    </Layout>
  );
}
