import type { Logger } from '../../platform/log.ts';
import type { Cache } from '../../platform/cache/port.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import type { JobKindSpec } from '../../platform/queue/index.ts';
import { audioKey } from './keys.ts';
import { narrationVoice, voiceForLanguage } from './narration.ts';
import { missingPart, type Target } from './queries.ts';
import type { FollowOptions } from './stream/live.ts';
import { resolveVoice, type ResolvedVoice } from './voices/service.ts';
import { resolveDialogueVoice } from './voices/dialogue.ts';
import type { SpeechCatalog } from '../../integrations/tts/index.ts';
import { translatedChapter } from '../translation/service.ts';
import type { Locale } from '../../platform/i18n/locale.ts';
import type { PolicySource } from '../policy/model.ts';

/** What the audio routes stand on (generation, stream and timings alike). */
export interface AudioDeps {
  db: Db;
  cache: Cache;
  objects: ObjectStore;
  speech: SpeechCatalog;
  /** audio.generate; tests run the same kind with fake engines in its worker. */
  kind: JobKindSpec;
  follow?: FollowOptions;
  clock: Clock;
  /** The owner's policy: whether the daily limit applies, and its number (features/policy). */
  policy: PolicySource;
  /** Where the free limit says it let a chapter through uncounted (the cache away). */
  log?: Pick<Logger, 'warn'>;
}

export interface ResolvedChapter extends ResolvedVoice {
  /** The voice of the dialogue, when another voice reads it (voices/dialogue.ts). */
  dialogue: ResolvedVoice | null;
  target: Target;
  /** Where its stored audio is (keys.ts). */
  key: string;
}

/**
 * What every request about a chapter's audio resolves first. Voice first (400 naming it), then
 * the chapter (404); the voice defaults to the first one, or with `locale` to the first voice of
 * that language, reading the chapter's stored translation (404 until there is one). A dialogue
 * voice (400 unless it speaks the voice's language) makes it another narration, stored under the
 * composed voice (narration.ts).
 */
export async function resolveChapter(
  deps: AudioDeps, slug: string, chapter: number, voiceId: string | undefined, locale: Locale | null = null, dialogueVoiceId: string | null = null,
): Promise<ResolvedChapter> {
  const resolved = await resolveVoice(deps.speech, await voiceForLanguage(deps.speech, voiceId, locale));
  const dialogue = await resolveDialogueVoice(deps.speech, resolved.voice, dialogueVoiceId);
  const missing = await missingPart(deps.db, slug, chapter);
  if (missing === 'book') throw notFound('Book not found');
  if (missing === 'chapter') throw notFound('Chapter not found');
  if (locale && !(await translatedChapter(deps.db, { slug, chapter, locale }))) throw notFound(`This chapter has no ${locale} translation yet (POST /api/translate)`);
  const target = { slug, chapter, voice: narrationVoice(resolved.voice.id, locale, dialogue?.voice.id ?? null) };
  return { ...resolved, dialogue, target, key: audioKey(slug, chapter, target.voice, resolved.format) };
}
