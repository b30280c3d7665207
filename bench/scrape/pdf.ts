import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A long novel as a PDF (made once by pandoc + weasyprint, then cached in the temp dir). */
export async function thousandPagePdf(pages: number): Promise<{ path: string; pages: number } | null> {
  const dir = join(tmpdir(), 'chapterhouse-bench');
  const path = join(dir, `novel-${pages}p.pdf`);
  if (existsSync(path)) return { path, pages };
  if (!Bun.which('pandoc') || !Bun.which('weasyprint')) return null;
  mkdirSync(dir, { recursive: true });
  const paragraph = (c: number, p: number) => `Paragraph ${p} of chapter ${c}: the tide came in under the lantern and the ledger listed every borrowed light, one by one, until the harbour slept and the clerks went home along the wall in the rain.`;
  // About five pages a chapter at A5 (30 paragraphs); each chapter starts a page.
  const chapters = Math.ceil(pages / 5);
  const markdown = ['---', 'title: The Long Ledger', 'author: Bench Writer', '---', ''];
  for (let c = 1; c <= chapters; c++) markdown.push(`# Chapter ${c}: Tides`, '', ...Array.from({ length: 30 }, (_, p) => paragraph(c, p + 1) + '\n'));
  const md = join(dir, 'long.md');
  const css = join(dir, 'long.css');
  writeFileSync(md, markdown.join('\n'));
  writeFileSync(css, '@page { size: A5; margin: 20mm; @bottom-center { content: counter(page); } } body { font-size: 11pt; } h1 { page-break-before: always; }');
  console.log(`making a ~${pages}-page PDF once (pandoc + weasyprint)…`);
  const made = Bun.spawnSync(['pandoc', md, '--pdf-engine=weasyprint', '--css', css, '-o', path], { stderr: 'inherit' });
  return made.exitCode === 0 ? { path, pages } : null;
}
