import { prepareScript } from '../../src/integrations/tts/index.ts';
import { createMp3Encoder } from '../../src/integrations/tts/mp3.ts';
import type { EpubBook } from '../../src/features/export/epub/documents.ts';
import type { NarratedChapter, NarratedEpubSource } from '../../src/features/exports/narrated-epub/build.ts';

/** A small narrated book for the writer's tests: real MP3s (a quiet tone) and the sentences the narration script has. */

export const BOOK: EpubBook = {
  title: 'The Clockmaker’s “Daughter” & Sons',
  author: 'Ada <Q> Lovelace',
  description: 'Three short chapters, read aloud.',
  language: 'en',
  identifier: 'urn:uuid:0b7e7f3a-3c55-5b1d-9c55-0e4a0f7d2a11',
  date: '2026-03-04',
  rangeLabel: 'Chapters 1–3',
};
export const MODIFIED = new Date('2026-03-04T05:06:08.123Z');
const RATE = 22050;

export const TEXTS: { title: string; text: string; seconds: number }[] = [
  {
    title: 'The "First" Hour',
    text: 'It was late -- very late... The clock struck *twelve. Then it* stopped.\n\n"Who\'s there?" she asked. Nobody answered.\n\n## A Door\n\nThe door opened. The door opened. Then it closed.',
    seconds: 4,
  },
  {
    title: 'Gears',
    text: 'She listed the parts:\n\n- a spring\n- two **gears** and a [hand](https://example.org/hand)\n\n> "Time is a wheel," her father said --- and he meant it.\n\nShe wound it up.',
    seconds: 3,
  },
  {
    title: '時計',
    text: '時計が止まった。彼女は*耳を澄ました*。何も聞こえない！',
    seconds: 2,
  },
];

/** A 440 Hz tone, quiet: silence would encode to almost nothing, and a tone is what speech looks like to a decoder. */
export async function toneMp3(seconds: number): Promise<Uint8Array> {
  const samples = new Int16Array(Math.round(seconds * RATE));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(2000 * Math.sin((2 * Math.PI * 440 * i) / RATE));
  const encoder = await createMp3Encoder({ sampleRate: RATE, backend: 'lamejs' });
  const head = await encoder.encode(samples);
  const tail = await encoder.finish();
  return Buffer.concat([head, tail]);
}

/** The sentences as the narration stores them, their times sharing out the whole audio, a short pause after each. */
export function timedSentences(title: string, text: string, seconds: number): { start: number; end: number; text: string }[] {
  const script = prepareScript(`${title}\n\n${text}`, { locale: 'en' });
  const spoken = script.sentences.map((s) => script.text.slice(s.from, s.to).trim()).filter(Boolean);
  const step = seconds / spoken.length;
  return spoken.map((sentence, i) => ({ start: i * step + 0.05, end: (i + 1) * step - 0.05, text: sentence }));
}

export async function narratedChapters(): Promise<NarratedChapter[]> {
  return Promise.all(
    TEXTS.map(async ({ title, text, seconds }, i) => {
      const mp3 = await toneMp3(seconds);
      return { number: i + 1, title, text, audio: { bytes: async () => mp3, durationSeconds: seconds }, sentences: timedSentences(title, text, seconds) };
    }),
  );
}

export async function* inOrder<T>(items: readonly T[], onPull: (item: T) => void = () => {}): AsyncGenerator<T> {
  for (const item of items) {
    onPull(item);
    yield item;
  }
}

export function narratedSource(chapters: NarratedChapter[], cover: NarratedEpubSource['cover'] = null): NarratedEpubSource {
  return { book: BOOK, cover, chapters: inOrder(chapters), modified: MODIFIED };
}

export async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}
