import { describe, expect, test } from 'bun:test';
import { narrationVoice, parseNarration } from '../../src/features/audio/narration.ts';
import { composeStoredVoice, dialogueVoicesFor, splitStoredVoice } from '../../src/features/settings/dialogue.ts';
import type { Voice } from '../../src/integrations/tts/index.ts';

describe('a narration with a dialogue voice is one stored voice id, and back', () => {
  test('`+` before the `@locale` part', () => {
    expect(narrationVoice('espeak-en-us', null, 'espeak-en-gb')).toBe('espeak-en-us+espeak-en-gb');
    expect(narrationVoice('espeak-fr', 'fr', 'flite-fr')).toBe('espeak-fr+flite-fr@fr');
    expect(narrationVoice('espeak-en-us', null, null)).toBe('espeak-en-us');
    expect(parseNarration('espeak-en-us+espeak-en-gb')).toEqual({ voiceId: 'espeak-en-us', dialogueVoiceId: 'espeak-en-gb', locale: null });
    expect(parseNarration('espeak-fr+flite-fr@fr')).toEqual({ voiceId: 'espeak-fr', dialogueVoiceId: 'flite-fr', locale: 'fr' });
    expect(parseNarration('openai:af_bella+openai:am_adam')).toEqual({ voiceId: 'openai:af_bella', dialogueVoiceId: 'openai:am_adam', locale: null });
    // Without one the answer has no dialogue voice at all, as before.
    expect(parseNarration('espeak-en-us@fr')).toEqual({ voiceId: 'espeak-en-us', locale: 'fr' });
    expect('dialogueVoiceId' in parseNarration('espeak-en-us')).toBe(false);
  });

  test('the setting is kept in the voice column the same way', () => {
    expect(composeStoredVoice('espeak-en-us', 'flite-kal')).toBe('espeak-en-us+flite-kal');
    expect(composeStoredVoice('espeak-en-us', 'espeak-en-us')).toBe('espeak-en-us');
    expect(composeStoredVoice('espeak-en-us', null)).toBe('espeak-en-us');
    expect(splitStoredVoice('espeak-en-us+flite-kal')).toEqual({ voice: 'espeak-en-us', dialogue_voice: 'flite-kal' });
    expect(splitStoredVoice('espeak-en-us')).toEqual({ voice: 'espeak-en-us', dialogue_voice: null });
    expect(splitStoredVoice(null)).toEqual({ voice: null, dialogue_voice: null });
  });

  test('the voices offered for the dialogue: the others of the voice\'s language', () => {
    const voice = (id: string, language: string): Voice => ({ id, name: id, engine: 'espeak', language });
    const voices = [voice('a', 'en-US'), voice('b', 'en-GB'), voice('c', 'fr-FR'), voice('d', 'EN')];
    expect(dialogueVoicesFor(voices, 'a').map((v) => v.id)).toEqual(['b', 'd']);
    expect(dialogueVoicesFor(voices, 'c')).toEqual([]);
    expect(dialogueVoicesFor(voices, 'gone')).toEqual([]);
  });
});
