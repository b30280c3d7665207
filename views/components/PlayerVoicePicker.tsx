import type { PageContext } from '../../src/platform/http/page-context.ts';

/** The speech engines' display names (as on /settings); an engine not named here shows its id. */
const ENGINES = ['espeak', 'flite', 'openai'] as const;

/** Texts of the player's voice picker (public/js/player/voice-picker.js), as data-* attributes of the player. */
export function voiceMessages(ctx: PageContext): Record<string, string> {
  const { t } = ctx;
  const messages: Record<string, string> = {
    'data-msg-voice-preview': t('voices.preview'),
    'data-msg-voice-preview-of': t('voices.previewOf', { voice: '{voice}' }),
    'data-msg-voice-stop': t('voices.stop'),
    'data-msg-voice-loading': t('voices.loading'),
    'data-msg-voice-playing': t('voices.playing', { voice: '{voice}' }),
    'data-msg-voice-missing': t('voices.missing', { voice: '{voice}' }),
    'data-msg-voice-failed': t('voices.failed', { voice: '{voice}' }),
    'data-msg-voice-chosen': t('player.voice.chosen', { voice: '{voice}' }),
    'data-msg-voice-translated': t('player.voice.translated'),
  };
  for (const engine of ENGINES) messages[`data-engine-${engine}`] = t(`voices.engine.${engine}`);
  return messages;
}

/**
 * The voice field of the player's options: filled by the script from GET /api/voices (the page is
 * cached and the same for every listener, so the listener's voice is not known here), hidden
 * until then and without JavaScript.
 */
export function VoicePicker({ ctx }: { ctx: PageContext }): JSX.Element {
  const { t } = ctx;
  return (
    <div class="field player__field player__voice" data-player-voice-field hidden>
      <label for="player-voice" safe>
        {t('player.voice')}
      </label>
      <div class="player__voice-row" data-player-voice-row>
        <select id="player-voice" data-player-voice-select></select>
        <button type="button" class="player__button player__voice-preview" aria-pressed="false" data-player-voice-preview safe>
          {t('voices.preview')}
        </button>
        <button type="button" class="player__button player__voice-use" aria-disabled="true" data-player-voice-use safe>
          {t('player.voice.use')}
        </button>
      </div>
      <p class="player__hint" role="status" aria-live="polite" data-player-voice-note></p>
      <audio preload="none" data-player-voice-sample></audio>
    </div>
  );
}
