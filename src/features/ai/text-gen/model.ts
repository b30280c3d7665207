import { t } from 'elysia';
import { Type } from '@sinclair/typebox';

/** Permissive on purpose: admin routes check the caller before the body (the handler validates). */
export const GenerateBody = t.Object({ slug: t.Optional(t.String({ maxLength: 200 })), model: t.Optional(t.String({ maxLength: 200 })) });

export const SEVERITIES = ['mild', 'moderate', 'strong'] as const;

export const TaglineAnswer = Type.Object({ tagline: Type.String({ minLength: 1, maxLength: 300 }) });
export const GenresAnswer = Type.Object({ genres: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { minItems: 1, maxItems: 12 }) });
export const Warning = Type.Object({
  label: Type.String({ minLength: 1, maxLength: 80 }),
  severity: Type.Union(SEVERITIES.map((s) => Type.Literal(s))),
  reason: Type.String({ maxLength: 400 }),
});
export const WarningsAnswer = Type.Object({ warnings: Type.Array(Warning, { maxItems: 20 }) });
export const QualityAnswer = Type.Object({ score: Type.Integer({ minimum: 1, maximum: 10 }), reasons: Type.Array(Type.String({ minLength: 1, maxLength: 400 }), { minItems: 1, maxItems: 10 }) });

const WarningOut = t.Object({ label: t.String(), severity: t.String(), reason: t.String() }, { title: 'ContentWarning' });
export const TaglineResponse = t.Object({ slug: t.String(), tagline: t.String(), current: t.String() });
export const GenresResponse = t.Object({ slug: t.String(), genres: t.Array(t.String()), current: t.Array(t.String()) });
export const WarningsResponse = t.Object({ slug: t.String(), warnings: t.Array(WarningOut), current: t.Array(WarningOut) });
export const QualityResponse = t.Object({ slug: t.String(), score: t.Integer(), reasons: t.Array(t.String()), current: t.Object({ score: t.Union([t.Integer(), t.Null()]), reasons: t.Array(t.String()) }) });

/** What each `/…/apply` stored, as the book now has it. */
export const AppliedTagline = t.Object({ slug: t.String(), tagline: t.String() });
export const AppliedGenres = t.Object({ slug: t.String(), genres: t.Array(t.String()) });
export const AppliedWarnings = t.Object({ slug: t.String(), warnings: t.Array(WarningOut) });
export const AppliedQuality = t.Object({ slug: t.String(), score: t.Integer(), reasons: t.Array(t.String()) });

export const ApplyTextBody = t.Object(
  {
    slug: t.Optional(t.String({ maxLength: 200 })),
    tagline: t.Optional(t.String({ maxLength: 300 })),
    genres: t.Optional(t.Array(t.String({ maxLength: 60 }), { maxItems: 30 })),
    warnings: t.Optional(t.Array(t.Object({ label: t.String({ maxLength: 80 }), severity: t.Optional(t.String({ maxLength: 20 })), reason: t.Optional(t.String({ maxLength: 400 })) }), { maxItems: 30 })),
    score: t.Optional(t.Integer()),
    reasons: t.Optional(t.Array(t.String({ maxLength: 400 }), { maxItems: 10 })),
  },
);

export const PronunciationAnswer = Type.Object({
  suggestions: Type.Array(Type.Object({ word: Type.String({ minLength: 1, maxLength: 64 }), say: Type.String({ minLength: 1, maxLength: 200 }) }), { maxItems: 60 }),
});
export const PronunciationSuggestions = t.Object(
  {
    slug: t.String(),
    suggestions: t.Array(t.Object({ word: t.String(), say: t.String(), count: t.Integer() })),
  },
  { title: 'PronunciationSuggestions' },
);
