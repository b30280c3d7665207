import type { Voice } from '../../../src/integrations/tts/index.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { LOCALE_TAGS } from '../../../src/platform/i18n/locale.ts';

export interface VoiceGroup {
  engine: string;
  label: string;
  voices: Array<Voice & { languageName: string }>;
}

/** The voices by engine, in the order of /api/voices, each with its language named in the page's language. */
export function groupVoices(ctx: PageContext, voices: readonly Voice[]): VoiceGroup[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([LOCALE_TAGS[ctx.locale]], { type: 'language' });
  } catch {
    // Without ICU data the tag itself is shown.
  }
  const groups = new Map<string, VoiceGroup>();
  for (const voice of voices) {
    let group = groups.get(voice.engine);
    if (!group) {
      const key = `voices.engine.${voice.engine}`;
      const label = ctx.t(key);
      groups.set(voice.engine, (group = { engine: voice.engine, label: label === key ? voice.engine : label, voices: [] }));
    }
    let languageName = voice.language;
    try {
      languageName = names?.of(voice.language) ?? voice.language;
    } catch {
      // A tag Intl does not know stays as it is.
    }
    group.voices.push({ ...voice, languageName });
  }
  return [...groups.values()];
}

/**
 * The voice setting: one native <select> of every offered voice, grouped by engine (<optgroup>),
 * each option naming its language in the page's language. It never clips on a phone and works
 * without JavaScript. Beside it, one Preview button plays a sample of the voice chosen in the
 * select (public/js/voice-preview.js; hidden without JavaScript, as previews need it).
 */
export function VoiceField({ ctx, voices, selected }: { ctx: PageContext; voices: readonly Voice[]; selected: string }): JSX.Element {
  const { t } = ctx;
  const groups = groupVoices(ctx, voices);
  const chosen = voices.find((voice) => voice.id === selected) ?? voices[0];
  return (
    <div
      class="field voice-field"
      data-voice-field
      data-msg-preview={t('voices.preview')}
      data-msg-preview-of={t('voices.previewOf', { voice: '{voice}' })}
      data-msg-stop={t('voices.stop')}
      data-msg-loading={t('voices.loading')}
      data-msg-playing={t('voices.playing')}
      data-msg-missing={t('voices.missing')}
      data-msg-failed={t('voices.failed')}
    >
      <label for="settings-voice" safe>
        {t('settings.voice')}
      </label>
      <div class="voice-field__row">
        <select id="settings-voice" name="voice" class="voice-select" data-voice-select>
          {groups.map((group) => (
            <optgroup label={group.label}>
              {group.voices.map((voice) => (
                <option value={voice.id} selected={voice.id === selected} data-voice-name={voice.name} safe>
                  {`${voice.name} · ${voice.languageName}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <button
          type="button"
          class="button button--quiet voice-field__preview"
          hidden
          aria-pressed="false"
          aria-label={t('voices.previewOf', { voice: chosen?.name ?? selected })}
          aria-describedby="voice-preview-hint"
          data-voice-preview
          safe
        >
          {t('voices.preview')}
        </button>
      </div>
      <p class="field__hint" id="voice-preview-hint" hidden data-voice-preview-hint safe>
        {t('account.voice.previewHint')}
      </p>
      <p class="voice-field__status" role="status" aria-live="polite" data-voice-preview-status></p>
      <audio data-voice-preview-player preload="none"></audio>
    </div>
  );
}
