import type { PageContext } from '../../../../src/platform/http/page-context.ts';

/** One entry as typed in the form (kept when it is refused). */
export type TypedEntry = { word: string; say: string; phonemes: string; case_sensitive: boolean };

export type PronunciationEntryFormProps = {
  ctx: PageContext;
  action: string;
  /** What was typed, after a refusal; empty fields otherwise. */
  entry: TypedEntry | null;
  /** The field the refusal was about. */
  invalid: keyof TypedEntry | null;
};

/**
 * Adds one entry to the list, each part in its own field: the respelling every voice can read and,
 * optionally, eSpeak phonemes for the eSpeak voices. Posts to the list's own action (303 back).
 */
export function PronunciationEntryForm({ ctx, action, entry, invalid }: PronunciationEntryFormProps): JSX.Element {
  const { t } = ctx;
  const bad = (field: keyof TypedEntry) => (invalid === field ? 'true' : undefined);
  return (
    <section class="pronunciation__entry" aria-labelledby="pronunciation-entry-title">
      <h2 id="pronunciation-entry-title" safe>{t('pron.entry.title')}</h2>
      <form class="admin-form pronunciation__entry-form" method="post" action={action}>
        <label class="field">
          <span class="field__label" safe>{t('pron.word')}</span>
          <input name="word" maxlength="64" required value={entry?.word ?? ''} aria-invalid={bad('word')} />
        </label>
        <label class="field">
          <span class="field__label" safe>{t('pron.suggest.say')}</span>
          <input name="say" maxlength="200" required value={entry?.say ?? ''} aria-invalid={bad('say')} />
        </label>
        <div class="field">
          <label for="pronunciation-entry-phonemes" class="field__label" safe>{t('pron.phonemes')}</label>
          <input id="pronunciation-entry-phonemes" name="phonemes" maxlength="200" spellcheck="false" autocapitalize="off" autocomplete="off" lang="zxx" value={entry?.phonemes ?? ''} aria-describedby="pronunciation-entry-phonemes-hint" aria-invalid={bad('phonemes')} />
          <p id="pronunciation-entry-phonemes-hint" class="field__hint" safe>{t('pron.entry.phonemesHint')}</p>
        </div>
        <div class="field field--check">
          <input type="checkbox" id="pronunciation-entry-exact" name="exact" value="1" checked={entry?.case_sensitive ?? false} />
          <label for="pronunciation-entry-exact" safe>{t('pron.entry.exact')}</label>
        </div>
        <button type="submit" class="button" safe>{t('pron.entry.add')}</button>
      </form>
    </section>
  );
}
