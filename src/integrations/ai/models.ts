/** Model ids that name image models on the common OpenAI-compatible servers. */
const IMAGE_MODEL = /(dall-e|gpt-image|image|flux|stable-diffusion|sdxl|\bsd[-_ ]?\d|imagen|midjourney|kandinsky|playground)/i;

/** Splits a server's model list into text and image models; the configured model is always offered. */
export function splitModels(ids: readonly string[], configured: { text: string; image: string }): { text: string[]; image: string[] } {
  const unique = [...new Set(ids)].sort();
  const image = unique.filter((id) => IMAGE_MODEL.test(id));
  const text = unique.filter((id) => !IMAGE_MODEL.test(id) && !/(embed|whisper|tts|moderation|audio|transcribe)/i.test(id));
  return { text: withFirst(text, configured.text), image: withFirst(image, configured.image) };
}

function withFirst(list: string[], first: string): string[] {
  return [first, ...list.filter((id) => id !== first)];
}
