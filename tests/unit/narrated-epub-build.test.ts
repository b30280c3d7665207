import { beforeAll, describe, expect, test } from 'bun:test';
import { load } from 'cheerio';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import JSZip from 'jszip';
import { buildNarratedEpub, type NarratedChapter } from '../../src/features/exports/narrated-epub/build.ts';
import { letters } from '../../src/features/exports/narrated-epub/letters.ts';
import { BOOK, MODIFIED, collect, inOrder, narratedChapters, narratedSource } from './narrated-epub-fixture.ts';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['par', 'item', 'meta', 'itemref'].includes(name) });

/** The archive's local entries in file order, read from their headers (the writer puts sizes there). */
function localEntries(bytes: Uint8Array): { name: string; method: number }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: { name: string; method: number }[] = [];
  for (let at = 0; view.getUint32(at, true) === 0x04034b50; ) {
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    out.push({ name: new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength)), method: view.getUint16(at + 8, true) });
    at += 30 + nameLength + extraLength + view.getUint32(at + 18, true);
  }
  return out;
}

const ms = (clock: string) => Math.round(Number(clock.replace(/s$/, '')) * 1000);

let chapters: NarratedChapter[];
let bytes: Uint8Array;
let zip: JSZip;

beforeAll(async () => {
  chapters = await narratedChapters();
  bytes = await collect(buildNarratedEpub(narratedSource(chapters)));
  zip = await JSZip.loadAsync(bytes);
});

const text = (name: string) => zip.file(name)!.async('string');

describe('a narrated EPUB of three chapters, read back', () => {
  test('mimetype is the first entry, stored; the MP3s are stored; the rest is deflated', () => {
    const entries = localEntries(bytes);
    expect(entries[0]).toEqual({ name: 'mimetype', method: 0 });
    expect(new TextDecoder().decode(bytes.subarray(38, 38 + 20))).toBe('application/epub+zip');
    const mp3s = entries.filter((e) => e.name.endsWith('.mp3'));
    expect(mp3s.map((e) => e.name)).toEqual(['OEBPS/audio/c1.mp3', 'OEBPS/audio/c2.mp3', 'OEBPS/audio/c3.mp3']);
    expect(mp3s.every((e) => e.method === 0)).toBe(true);
    expect(entries.find((e) => e.name === 'OEBPS/chapters/c1.xhtml')?.method).toBe(8);
    expect(entries.at(-1)?.name).toBe('OEBPS/content.opf');
    expect(entries.length).toBe(Object.keys(zip.files).length);
  });

  test('each MP3 is the chapter audio, byte for byte', async () => {
    for (const chapter of chapters) {
      expect(Buffer.from(await zip.file(`OEBPS/audio/c${chapter.number}.mp3`)!.async('uint8array')).equals(Buffer.from(await chapter.audio.bytes()))).toBe(true);
    }
  });

  test('every SMIL parses; every par points at a span of its chapter holding the sentence it plays; clips are in order, disjoint, inside the audio; every sentence has its par', async () => {
    for (const chapter of chapters) {
      const smil = await text(`OEBPS/overlays/c${chapter.number}.smil`);
      expect(XMLValidator.validate(smil)).toBe(true);
      const xhtml = await text(`OEBPS/chapters/c${chapter.number}.xhtml`);
      expect(XMLValidator.validate(xhtml)).toBe(true);
      const $ = load(xhtml, { xml: true });
      const seq = parser.parse(smil).smil.body.seq;
      expect(seq['epub:textref']).toBe(`../chapters/c${chapter.number}.xhtml#chapter-${chapter.number}`);
      expect($(`[id="chapter-${chapter.number}"]`).length).toBe(1);
      const pars = seq.par as { text: { src: string }; audio: { src: string; clipBegin: string; clipEnd: string } }[];
      let previousEnd = 0;
      const played: string[] = [];
      for (const par of pars) {
        const [file, id] = par.text.src.split('#');
        expect(file).toBe(`../chapters/c${chapter.number}.xhtml`);
        expect($(`span[id="${id}"]`).length).toBe(1);
        const index = Number(id!.slice(1));
        expect(letters($(`span[id="${id}"]`).text()).key).toBe(letters(chapter.sentences[index]!.text).key);
        expect(par.audio.src).toBe(`../audio/c${chapter.number}.mp3`);
        const [begin, end] = [ms(par.audio.clipBegin), ms(par.audio.clipEnd)];
        expect(begin).toBeGreaterThanOrEqual(previousEnd);
        expect(end).toBeGreaterThan(begin);
        expect(end).toBeLessThanOrEqual(chapter.audio.durationSeconds * 1000);
        previousEnd = end;
        played.push(id!);
      }
      expect(played).toEqual(chapter.sentences.map((_, i) => `s${i}`));
      // The whole recording is heard: the clips join up from the start of the file to its end.
      expect(ms(pars[0]!.audio.clipBegin)).toBe(0);
      expect(previousEnd).toBe(chapter.audio.durationSeconds * 1000);
    }
  });

  test('the OPF states each overlay’s duration (the sum of its clips) and the total; the chapters carry their overlays', async () => {
    const pkg = parser.parse(await text('OEBPS/content.opf')).package;
    const metas = pkg.metadata.meta as { property?: string; refines?: string; '#text': string }[];
    const duration = (refines?: string) => metas.find((m) => m.property === 'media:duration' && m.refines === refines)?.['#text'];
    const clock = (value: string | undefined) => {
      const [h, m, s] = value!.split(':');
      return Math.round((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000);
    };
    let total = 0;
    for (const chapter of chapters) {
      const pars = parser.parse(await text(`OEBPS/overlays/c${chapter.number}.smil`)).smil.body.seq.par as { audio: { clipBegin: string; clipEnd: string } }[];
      const sum = pars.reduce((acc, par) => acc + ms(par.audio.clipEnd) - ms(par.audio.clipBegin), 0);
      expect(clock(duration(`#smil-c${chapter.number}`))).toBe(sum);
      total += sum;
      const item = (pkg.manifest.item as Record<string, string>[]).find((i) => i.id === `c${chapter.number}`);
      expect(item?.['media-overlay']).toBe(`smil-c${chapter.number}`);
    }
    expect(clock(duration())).toBe(total);
    expect(metas.find((m) => m.property === 'dcterms:modified')?.['#text']).toBe('2026-03-04T05:06:08Z');
    expect(await text('OEBPS/style.css')).toContain('.-epub-media-overlay-active {');
  });

  test('nav lists the title page and every chapter', async () => {
    const $ = load(await text('OEBPS/nav.xhtml'), { xml: true });
    expect($('nav[epub\\:type="toc"] a').map((_, a) => $(a).attr('href')).get()).toEqual(['title.xhtml', 'chapters/c1.xhtml', 'chapters/c2.xhtml', 'chapters/c3.xhtml']);
    expect($('nav[epub\\:type="toc"] a').eq(3).text()).toBe('時計');
  });
});

describe('reading the chapters', () => {
  test('one chapter at a time: its audio is read once, after it is pulled and before the next one is', async () => {
    const events: string[] = [];
    const watched = chapters.map((c) => ({ ...c, audio: { ...c.audio, bytes: async () => (events.push(`audio ${c.number}`), c.audio.bytes()) } }));
    const source = { book: BOOK, cover: null, modified: MODIFIED, chapters: inOrder(watched, (c) => events.push(`pull ${c.number}`)) };
    for await (const _ of buildNarratedEpub(source)) events.push('chunk');
    const significant = events.filter((e) => e !== 'chunk');
    expect(significant).toEqual(['pull 1', 'audio 1', 'pull 2', 'audio 2', 'pull 3', 'audio 3']);
  });

  test('a chapter none of whose sentences is in its page is written as plain text: no overlay, no audio, audio never read', async () => {
    let read = false;
    const silent: NarratedChapter = { number: 4, title: 'Quiet', text: 'Nothing here matches.', audio: { bytes: async () => ((read = true), new Uint8Array()), durationSeconds: 3 }, sentences: [{ start: 0, end: 1, text: 'Something else entirely.' }] };
    const book = await JSZip.loadAsync(await collect(buildNarratedEpub({ ...narratedSource([...chapters.slice(0, 1), silent]) })));
    expect(read).toBe(false);
    expect(book.file('OEBPS/chapters/c4.xhtml')).not.toBeNull();
    expect(book.file('OEBPS/overlays/c4.smil')).toBeNull();
    expect(book.file('OEBPS/audio/c4.mp3')).toBeNull();
    const opf = await book.file('OEBPS/content.opf')!.async('string');
    expect(opf).toContain('<item id="c4" href="chapters/c4.xhtml" media-type="application/xhtml+xml"/>');
    expect(opf).not.toContain('#smil-c4');
  });
});
