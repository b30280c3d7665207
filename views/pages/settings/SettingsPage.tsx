import type { Voice } from '../../../src/integrations/tts/index.ts';
import type { Settings } from '../../../src/features/settings/model.ts';
import { FONT_SIZE_RANGE, SPEED_RANGE } from '../../../src/features/settings/model.ts';
import { SelectField } from '../../components/SelectField.tsx';
import { FONT_FAMILIES, THEMES } from '../../../src/platform/http/appearance.ts';
import { LOCALES, LOCALE_NAMES, LOCALE_TAGS } from '../../../src/platform/i18n/locale.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { PrivacySection } from './PrivacySection.tsx';
import { RangeField } from './RangeField.tsx';
import { VoiceField } from './VoiceField.tsx';
import { DialogueVoiceField } from './DialogueVoiceField.tsx';

export interface SettingsPageProps {
  ctx: PageContext;
  settings: Settings;
  /** Every voice of /api/voices, in its order. */
  voices: readonly Voice[];
  /** The voices that may read the dialogue of the reader's voice (its language, itself left out). */
  dialogueVoices?: readonly Voice[];
  signedIn: boolean;
  /** After the no-JS form was saved (303 back here with ?saved=1). */
  saved: boolean;
  /** Fields the no-JS form sent with values we cannot accept. */
  invalid: readonly string[];
  /** Signed-in readers only: the privacy section (a form of its own, see PrivacySection). */
  privacy?: { username: string; library_private: boolean; saved: boolean } | null;
}

/**
 * Every reader setting on one page. Without JavaScript it is a plain form (POST /settings, 303
 * back); public/js/settings.js applies each change at once and saves it with PUT /api/settings.
 */
export function SettingsPage({ ctx, settings, voices: offered, dialogueVoices = [], signedIn, saved, invalid, privacy }: SettingsPageProps): JSX.Element {
  const { t } = ctx;
  const tag = LOCALE_TAGS[ctx.locale];
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
  const decimal = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  // A stored voice of a speech server that cannot be asked right now is still accepted (settings/voices.ts): keep it selectable.
  const voices: readonly Voice[] = offered.length === 0 || offered.some((v) => v.id === settings.voice)
    ? offered
    : [...offered, { id: settings.voice, name: settings.voice, engine: 'openai', language: 'und' }];

  return (
    <Layout ctx={ctx} title={t('settings.title')} description={t('settings.description')} noindex>
      <div class="settings">
        <h1 safe>{t('settings.title')}</h1>
        <p class="settings__intro" safe>
          {t(signedIn ? 'settings.intro.user' : 'settings.intro.anon')}
        </p>
        {saved ? (
          <p class="notice" role="status" safe>
            {t('settings.savedNotice')}
          </p>
        ) : (
          ''
        )}
        {invalid.length > 0 ? (
          <div class="notice notice--error" role="alert" tabindex="-1" id="settings-errors">
            <p safe>{t('settings.errorsHeading')}</p>
            <ul>
              {invalid.map((field) => (
                <li safe>{t(`settings.error.${field}`)}</li>
              ))}
            </ul>
          </div>
        ) : (
          ''
        )}
        <form
          class="settings-form"
          method="post"
          action="/settings"
          data-settings
          data-msg-saving={t('settings.saving')}
          data-msg-saved={t('settings.saved')}
          data-msg-failed={t('settings.failed')}
          data-locale-tag={tag}
        >
          <fieldset class="settings-group">
            <legend safe>{t('settings.reading')}</legend>
            <SelectField id="settings-theme" name="theme" label={t('appearance.theme')} selected={settings.theme}
              options={THEMES.map((theme) => ({ value: theme, label: t(`theme.${theme}`) }))} />
            <SelectField id="settings-font" name="font_family" label={t('appearance.font')} selected={settings.font_family}
              options={FONT_FAMILIES.map((font) => ({ value: font, label: t(`font.${font}`) }))} />
            <RangeField id="settings-font-size" name="font_size" label={t('appearance.fontSize')} value={settings.font_size}
              min={FONT_SIZE_RANGE.min} max={FONT_SIZE_RANGE.max} step={0.025} shown={percent.format(settings.font_size)} format="percent" />
            <figure class="settings-preview">
              <figcaption safe>{t('settings.preview')}</figcaption>
              <p class="settings-preview__text" data-settings-preview safe>
                {t('settings.previewText')}
              </p>
            </figure>
          </fieldset>

          <fieldset class="settings-group">
            <legend safe>{t('appearance.locale')}</legend>
            <SelectField id="settings-locale" name="locale" confirmChange label={t('appearance.locale')} selected={settings.locale}
              options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale], lang: locale }))} />
            <p class="field__hint" safe>
              {t('settings.localeHint')}
            </p>
          </fieldset>

          <fieldset class="settings-group">
            <legend safe>{t('settings.listening')}</legend>
            {voices.length > 0 ? (
              <>
                <VoiceField ctx={ctx} voices={voices} selected={settings.voice} />
                <DialogueVoiceField ctx={ctx} voices={dialogueVoices} selected={settings.dialogue_voice ?? null} />
              </>
            ) : (
              <p class="field__hint" safe>
                {t('voices.none')}
              </p>
            )}
            <RangeField id="settings-speed" name="speed" label={t('settings.speed')} value={settings.speed}
              min={SPEED_RANGE.min} max={SPEED_RANGE.max} step={0.05} shown={`${decimal.format(settings.speed)}×`} format="times" />
            <div class="field field--check">
              <input type="checkbox" id="settings-auto-next" name="auto_next" value="true" checked={settings.auto_next} aria-describedby="settings-auto-next-hint" />
              <label for="settings-auto-next" safe>
                {t('settings.autoNext')}
              </label>
              <p id="settings-auto-next-hint" class="field__hint" safe>
                {t('settings.autoNextHint')}
              </p>
            </div>
          </fieldset>

          <div class="settings-form__actions">
            <button type="submit" class="button" data-settings-save safe>
              {t('action.save')}
            </button>
            <p class="settings-status" role="status" aria-live="polite" data-settings-status></p>
          </div>
        </form>
        {privacy ? <PrivacySection t={t} username={privacy.username} privacy={{ library_private: privacy.library_private }} saved={privacy.saved} /> : ''}
      </div>
      <script src={ctx.asset('js/settings.js')} defer></script>
      {voices.length > 0 ? <script src={ctx.asset('js/voice-preview.js')} defer></script> : ''}
    </Layout>
  );
}
