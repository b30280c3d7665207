import { t, type DocumentDecoration } from 'elysia';

/** Permissive on purpose: admin routes check the caller before the body (the handler validates). */
export const SaveCoverBody = t.Object({ slug: t.Optional(t.String({ maxLength: 200 })), image: t.Optional(t.String()) });
export const BatchBody = t.Optional(t.Object({ model: t.Optional(t.String({ maxLength: 200 })) }));
export const SlugParams = t.Object({ slug: t.String({ maxLength: 200 }) });
export const StudioQuery = t.Object({ slug: t.Optional(t.String({ maxLength: 200 })) });

export const ModelsResponse = t.Object({ models: t.Array(t.String()), default: t.String() });

export const GeneratedCover = t.Object(
  {
    /** Where the picture is served now (`/covers/generated/<hash>.<ext>`). */
    cover_url: t.String(),
    /** The picture itself, base64, for POST /api/admin/image-gen/save-cover. */
    image: t.String(),
    mime: t.String(),
  },
  { title: 'GeneratedCover' },
);
export const GenerateResponse = t.Object({
  prompt: t.String(),
  model: t.String(),
  slug: t.Union([t.String(), t.Null()]),
  cover_url: t.String(),
  images: t.Array(GeneratedCover),
});
export const SaveCoverResponse = t.Object({ slug: t.String(), cover_url: t.String(), thumbnail_url: t.String() });
export const CancelResponse = t.Object({ cancelled: t.Boolean() });

/** What POST /api/admin/image-gen asks for, from JSON or multipart. */
export interface GenerateInput {
  prompt: string;
  slug: string | null;
  model: string | null;
  n: number;
  reference: { bytes: Uint8Array; mime: string; name?: string } | null;
}

export const MAX_PROMPT = 4000;
export const MAX_IMAGES = 4;

/**
 * POST /api/admin/image-gen's body as the API description shows it; request.ts reads and checks it
 * (after the admin check). (A TypeBox schema is JSON Schema; the cast only satisfies the OpenAPI types.)
 */
const GenerateFields = {
  prompt: t.String({ maxLength: MAX_PROMPT }),
  slug: t.Optional(t.String({ description: 'The book the pictures are for' })),
  model: t.Optional(t.String()),
  n: t.Optional(t.Integer({ minimum: 1, maximum: MAX_IMAGES, description: 'How many pictures (default 1)' })),
};
export const GenerateRequestBody = {
  required: true,
  content: {
    'application/json': { schema: t.Object(GenerateFields) },
    'multipart/form-data': { schema: t.Object({ ...GenerateFields, reference: t.Optional(t.String({ format: 'binary', description: 'A PNG, JPEG or WebP picture: image to image' })) }) },
  },
} as DocumentDecoration['requestBody'];
