import { prepareScript, takesPhonemes, type Script, type Voice } from '../../integrations/tts/index.ts';
import type { Db } from '../../platform/db/index.ts';
import { translatedChapter } from '../translation/service.ts';
import { chapterForNarration } from './generation/queries.ts';
import { parseNarration } from './narration.ts';
import { narrationPronouncer } from './pronunciation/service.ts';
import type { Target } from './queries.ts';

/**
 * The script a chapter's narration reads, built the one way the job builds it (the title first, as
 * a narrator would; a translation's narration reads the stored translation), so that every part
 * that numbers sentences or chunks (the job, a stream from a sentence, estimated timings) agrees.
 */
export type NarrationScript = { script: Script; bookTitle: string } | { missing: string };

/** `dialogue`: the voice reading the quotations, when another one does (phonemes only when both voices take them). */
export async function narrationScript(db: Db, target: Target, voice: Voice, dialogue: Voice | null = null): Promise<NarrationScript> {
  const { locale } = parseNarration(target.voice);
  const chapter = await chapterForNarration(db, target.slug, target.chapter);
  if (!chapter) return { missing: 'the chapter no longer exists' };
  if (locale) {
    const translated = await translatedChapter(db, { slug: target.slug, chapter: target.chapter, locale });
    if (!translated) return { missing: `the chapter has no ${locale} translation any more` };
    chapter.title = translated.title || chapter.title;
    chapter.text = translated.text;
  }
  const script = prepareScript(`${chapter.title}\n\n${chapter.text}`, { locale: voice.language.split('-')[0] });
  const phonemes = takesPhonemes(voice.engine) && (!dialogue || takesPhonemes(dialogue.engine));
  const say = await narrationPronouncer(db, target.slug, { phonemes });
  for (const chunk of script.chunks) {
    const spoken = say(chunk.text);
    if (spoken !== chunk.text) chunk.spoken = spoken;
  }
  return { script, bookTitle: chapter.book_title };
}
