import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export const CONTENT_DIR = resolve(import.meta.dir, 'content');

export interface DemoChapter {
  number: number;
  title: string;
  text: string;
  wordCount: number;
  contentHash: string;
}

export interface DemoBook {
  slug: string;
  title: string;
  author: string;
  description: string;
  genres: string[];
  status: 'ongoing' | 'completed';
  coverSvg: string;
  chapters: DemoChapter[];
}

/** "# Title\n\nbody…" → title and markdown body. */
export function parseChapterFile(number: number, source: string): DemoChapter {
  const normalised = source.replace(/\r\n/g, '\n');
  const match = /^#\s+(.+)\n+/.exec(normalised);
  const title = match ? match[1]!.trim() : `Chapter ${number}`;
  const text = (match ? normalised.slice(match[0].length) : normalised).trim() + '\n';
  return {
    number,
    title,
    text,
    wordCount: text.split(/\s+/).filter(Boolean).length,
    contentHash: createHash('sha256').update(text).digest('hex').slice(0, 16),
  };
}

export async function readDemoBooks(dir = CONTENT_DIR): Promise<DemoBook[]> {
  const slugs = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    slugs.map(async (slug): Promise<DemoBook> => {
      const folder = join(dir, slug);
      const meta = JSON.parse(await readFile(join(folder, 'book.json'), 'utf8'));
      const files = (await readdir(join(folder, 'chapters'))).filter((f) => /^\d+\.md$/.test(f)).sort();
      const chapters = await Promise.all(
        files.map(async (file) => parseChapterFile(Number.parseInt(file, 10), await readFile(join(folder, 'chapters', file), 'utf8'))),
      );
      return { ...meta, slug, coverSvg: await readFile(join(folder, 'cover.svg'), 'utf8'), chapters };
    }),
  );
}
