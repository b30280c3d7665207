import { badRequest } from '../../../platform/http/errors.ts';
import { imageTooLarge, MAX_IMAGE_BYTES, referenceType } from './images.ts';
import { MAX_IMAGES, MAX_PROMPT, type GenerateInput } from './model.ts';

/**
 * POST /api/admin/image-gen takes JSON `{prompt, slug?, model?, n?}` or multipart with the same
 * fields and a file `reference` (image to image). The body is read here, after the caller was
 * checked, so a non-admin meets 403 whatever they send.
 */
export async function readGenerateRequest(request: Request): Promise<GenerateInput> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES + 64 * 1024) throw imageTooLarge();
  if (type.startsWith('multipart/form-data')) return fromForm(request);
  let body: Record<string, unknown>;
  try {
    body = (await request.json()) as Record<string, unknown>;
  } catch {
    throw badRequest('Invalid JSON body');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Invalid JSON body');
  return checked({ prompt: body.prompt, slug: body.slug, model: body.model, n: body.n }, null);
}

async function fromForm(request: Request): Promise<GenerateInput> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest('The upload is not valid multipart/form-data');
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const file = form.get('reference');
  let reference: GenerateInput['reference'] = null;
  if (file instanceof Blob && file.size > 0) {
    if (file.size > MAX_IMAGE_BYTES) throw imageTooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    reference = { bytes, mime: await referenceType(bytes), name: 'reference' };
  }
  return checked({ prompt: field('prompt'), slug: field('slug'), model: field('model'), n: field('n') }, reference);
}

function checked(raw: Record<string, unknown>, reference: GenerateInput['reference']): GenerateInput {
  const prompt = typeof raw.prompt === 'string' ? raw.prompt.replace(/\s+/g, ' ').trim() : '';
  if (!prompt) throw badRequest('prompt is required');
  if (prompt.length > MAX_PROMPT) throw badRequest(`prompt is longer than ${MAX_PROMPT} characters`);
  const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);
  const n = raw.n === undefined || raw.n === '' || raw.n === null ? 1 : Number(raw.n);
  if (!Number.isInteger(n) || n < 1 || n > MAX_IMAGES) throw badRequest(`n must be a whole number from 1 to ${MAX_IMAGES}`);
  return { prompt, slug: text(raw.slug, 200), model: text(raw.model, 200), n, reference };
}
