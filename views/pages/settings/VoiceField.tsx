import type { Voice } from '../../../src/integrations/tts/index.ts';
import type { PageContext } from '../../context.ts';
import { LOCALE_TAGS } from '../../i18n/index.ts';

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
 * The voice setting: a <select> of every offered voice, grouped by engine (works without
 * JavaScript), and beside it a list with a Preview button per voice, shown by
 * public/js/voice-preview.js (previews need JavaScript; without it the list stays hidden).
 */
export function VoiceField({ ctx, voices, selected }: { ctx: PageContext; voices: readonly Voice[]; selected: string }): JSX.Element {
  const { t } = ctx;
  const groups = groupVoices(ctx, voices);
  return (
    <>
      <div class="field">
        <label for="settings-voice" safe>
          {t('settings.voice')}
        </label>
        <select id="settings-voice" name="voice" class="voice-select" data-voice-select>
          {groups.map((group) => (
            <optgroup label={group.label}>
              {group.voices.map((voice) => (
                <option value={voice.id} selected={voice.id === selected} safe>
                  {`${voice.name} · ${voice.languageName}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div
        class="voice-previews"
        data-voice-previews
        hidden
        data-msg-preview={t('voices.preview')}
        data-msg-stop={t('voices.stop')}
        data-msg-loading={t('voices.loading')}
        data-msg-playing={t('voices.playing')}
        data-msg-missing={t('voices.missing')}
        data-msg-failed={t('voices.failed')}
      >
        <p class="voice-previews__title" id="voice-previews-title" safe>
          {t('voices.previews')}
        </p>
        <p class="field__hint" safe>
          {t('voices.previewsHint')}
        </p>
        <div class="voice-previews__scroll" role="group" aria-labelledby="voice-previews-title">
          {groups.map((group) => (
            <>
              <p class="voice-previews__engine" id={`voice-previews-${group.engine}`} safe>
                {group.label}
              </p>
              <ul class="voice-previews__list" aria-labelledby={`voice-previews-${group.engine}`}>
                {group.voices.map((voice) => (
                  <li class={voice.id === selected ? 'voice-preview is-selected' : 'voice-preview'} data-voice-row={voice.id}>
                    <span class="voice-preview__text">
                      <span class="voice-preview__name" lang={voice.language} safe>
                        {voice.name}
                      </span>
                      <span class="voice-preview__meta" safe>
                        {voice.languageName}
                      </span>
                    </span>
                    <button
                      type="button"
                      class="button button--quiet voice-preview__button"
                      data-voice-preview={voice.id}
                      data-voice-name={voice.name}
                      aria-pressed="false"
                      aria-label={t('voices.previewOf', { voice: voice.name })}
                      safe
                    >
                      {t('voices.preview')}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ))}
        </div>
        <p class="voice-previews__status" role="status" aria-live="polite" data-voice-preview-status></p>
        <audio data-voice-preview-player preload="none"></audio>
      </div>
    </>
  );
}
