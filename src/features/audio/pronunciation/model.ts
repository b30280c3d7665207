import { t, type Static } from 'elysia';
import { VOICE_PATTERN } from '../../settings/model.ts';

export const MAX_ENTRIES = 500;
export const MAX_WORD = 64;
export const MAX_SAY = 200;
export const MAX_PHONEMES = 200;

export const PronunciationEntry = t.Object(
  {
    word: t.String({ description: 'The written form, matched as a whole word' }),
    say: t.String({ description: 'How to say it: a respelling the speech engines read instead' }),
    case_sensitive: t.Boolean({ description: 'Match only this exact case (default false)' }),
    phonemes: t.Optional(
      t.String({
        description: "eSpeak phoneme mnemonics (e.g. `S'u: tS'IN`, without the [[ ]]): eSpeak voices say these instead of `say`; other engines keep `say`. Present only when set",
        maxLength: MAX_PHONEMES,
      }),
    ),
  },
  { title: 'PronunciationEntry' },
);

export const PronunciationList = t.Object({ entries: t.Array(PronunciationEntry) }, { title: 'PronunciationList' });
export type PronunciationList = Static<typeof PronunciationList>;

/** What a PUT takes: checked by service.ts (after the admin check), so that others hear 403 first. */
export const PronunciationListBody = t.Object({
  entries: t.Array(
    t.Object({
      word: t.Optional(t.String()),
      say: t.Optional(t.String()),
      case_sensitive: t.Optional(t.Boolean()),
      phonemes: t.Optional(t.String()),
    }),
    { maxItems: MAX_ENTRIES, error: `entries must be a list of at most ${MAX_ENTRIES}` },
  ),
});
export type PronunciationListBody = Static<typeof PronunciationListBody>;

export const PronunciationSaved = t.Object(
  {
    entries: t.Array(PronunciationEntry),
    /** Stored narrations (chapter and voice) removed because they say a changed word: made again when next asked for. */
    outdated_audio: t.Integer(),
    /** The chapters those narrations were of. */
    outdated_chapters: t.Integer(),
  },
  { title: 'PronunciationSaved' },
);

export const ReportBody = t.Object({
  chapter: t.Integer({ minimum: 1, error: 'chapter must be a chapter number' }),
  word: t.String({ minLength: 1, maxLength: 200, error: 'word must be one word of the chapter' }),
  voice: t.String({ pattern: VOICE_PATTERN, error: 'voice must be a voice id (a-z, 0-9 and _ . : -, up to 64 characters)' }),
});
export const ReportedWord = t.Object(
  {
    slug: t.String(),
    book_title: t.String(),
    word: t.String(),
    listeners: t.Integer(),
    voices: t.Array(t.String()),
    chapters: t.Array(t.Integer()),
    last: t.String({ format: 'date-time' }),
  },
  { title: 'ReportedWord' },
);
export const ReportedWords = t.Object({ words: t.Array(ReportedWord) });
export const ReportsQuery = t.Object({ slug: t.Optional(t.String({ maxLength: 200 })) });
export const DismissParams = t.Object({ slug: t.String({ maxLength: 200 }), word: t.String({ maxLength: 200 }) });
export const Dismissed = t.Object({ dismissed: t.Integer() });

export const BookSlugParams = t.Object({ slug: t.String({ minLength: 1, maxLength: 200 }) });
