import type { Voice } from '../../../src/integrations/tts/index.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { groupVoices } from './VoiceField.tsx';

/**
 * The dialogue voice setting: "Same voice (off)", or another voice of the voice's language that
 * reads the text inside quotation marks. The route hands over only the voices that may (those of
 * the saved voice's language); a voice of another language chosen above drops the choice on save.
 */
export function DialogueVoiceField({ ctx, voices, selected }: { ctx: PageContext; voices: readonly Voice[]; selected: string | null }): JSX.Element {
  const { t } = ctx;
  const groups = groupVoices(ctx, voices);
  return (
    <div class="field dialogue-voice-field">
      <label for="settings-dialogue-voice" safe>
        {t('settings.dialogueVoice')}
      </label>
      <select id="settings-dialogue-voice" name="dialogue_voice" class="voice-select" aria-describedby="settings-dialogue-voice-hint">
        <option value="" selected={!selected} safe>
          {t('settings.dialogueVoice.off')}
        </option>
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
      <p class="field__hint" id="settings-dialogue-voice-hint" safe>
        {t(voices.length ? 'settings.dialogueVoice.hint' : 'settings.dialogueVoice.none')}
      </p>
    </div>
  );
}
