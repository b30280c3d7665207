import { describe, expect, test } from 'bun:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { opf } from '../../src/features/exports/narrated-epub/documents.ts';
import { sentencePars } from '../../src/features/exports/narrated-epub/pars.ts';
import { chapterSmil, overlayClips, overlayMilliseconds, smilDuration } from '../../src/features/exports/narrated-epub/smil.ts';
import { BOOK, MODIFIED } from './narrated-epub-fixture.ts';

const CHAPTER = { number: 7, textHref: '../chapters/c7.xhtml', textId: 'chapter-7', audioHref: '../audio/c7.mp3', durationSeconds: 10 };

describe('smilDuration', () => {
  test('h:mm:ss.fff, rounded to the millisecond, hours unbounded', () => {
    expect(smilDuration(0)).toBe('0:00:00.000');
    expect(smilDuration(65.1234)).toBe('0:01:05.123');
    expect(smilDuration(59.9996)).toBe('0:01:00.000');
    expect(smilDuration(3600 * 27 + 61.5)).toBe('27:01:01.500');
    expect(smilDuration(-3)).toBe('0:00:00.000');
  });
});

describe('overlayClips', () => {
  test('clamped into the audio, in order, never overlapping; empty and impossible clips dropped', () => {
    const clips = overlayClips(
      [
        { id: 'a', start: -1, end: 2.0004 },
        { id: 'b', start: 1.5, end: 4 }, // overlaps a: starts where a ends
        { id: 'c', start: 3, end: 3.5 }, // entirely inside b: nothing left
        { id: 'd', start: Number.NaN, end: 5 },
        { id: 'e', start: 9, end: 12 }, // past the end of the audio
        { id: 'f', start: 11, end: 13 }, // wholly past it
      ],
      10,
    );
    expect(clips).toEqual([
      { id: 'a', begin: 0, end: 2000 },
      { id: 'b', begin: 2000, end: 4000 },
      { id: 'e', begin: 9000, end: 10000 },
    ]);
    expect(overlayMilliseconds(clips)).toBe(5000);
  });
});

describe('sentencePars', () => {
  test('one par per sentence found, each until the next begins, from the start of the file to its end', () => {
    const sentences = [
      { start: 0.2, end: 1, text: 'Title.' },
      { start: 1.3, end: 2, text: 'Lost.' },
      { start: 2.4, end: 3, text: 'Found.' },
    ];
    expect(sentencePars(sentences, ['s0', null, 's2'], 5)).toEqual([
      { id: 's0', start: 0, end: 2.4 },
      { id: 's2', start: 2.4, end: 5 },
    ]);
    expect(sentencePars(sentences, [null, null, null], 5)).toEqual([]);
  });
});

describe('chapterSmil', () => {
  test('a SMIL 3.0 document: a seq on the chapter, a par per clip with its text fragment and audio clip', () => {
    const smil = chapterSmil(CHAPTER, [
      { id: 's0', start: 0, end: 1.5 },
      { id: 's1', start: 1.25, end: 10.5 },
    ]);
    expect(XMLValidator.validate(smil)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(smil);
    expect(doc.smil.xmlns).toBe('http://www.w3.org/ns/SMIL');
    expect(doc.smil['xmlns:epub']).toBe('http://www.idpf.org/2007/ops');
    expect(doc.smil.version).toBe('3.0');
    expect(doc.smil.body.seq['epub:textref']).toBe('../chapters/c7.xhtml#chapter-7');
    expect(doc.smil.body.seq.par).toEqual([
      { text: { src: '../chapters/c7.xhtml#s0' }, audio: { src: '../audio/c7.mp3', clipBegin: '0.000s', clipEnd: '1.500s' } },
      { text: { src: '../chapters/c7.xhtml#s1' }, audio: { src: '../audio/c7.mp3', clipBegin: '1.500s', clipEnd: '10.000s' } },
    ]);
  });

  test('a chapter with nothing to play has no overlay document', () => {
    expect(() => chapterSmil(CHAPTER, [{ id: 's0', start: 12, end: 13 }])).toThrow();
  });
});

describe('opf', () => {
  const chapters = [
    { number: 1, title: 'One', overlayMs: 61_500 },
    { number: 2, title: 'Two & "more"', overlayMs: null },
    { number: 3, title: 'Three', overlayMs: 2_250 },
  ];
  const parsed = () => {
    const xml = opf(BOOK, { href: 'images/cover.png', mediaType: 'image/png' }, chapters, MODIFIED);
    expect(XMLValidator.validate(xml)).toBe(true);
    return new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml).package;
  };

  test('EPUB 3.0 metadata: modified in whole seconds, the active class, each overlay duration and their sum', () => {
    const pkg = parsed();
    expect(pkg.version).toBe('3.0');
    const metas = pkg.metadata.meta as { property?: string; refines?: string; '#text'?: string; name?: string }[];
    const value = (property: string, refines?: string) => metas.find((m) => m.property === property && m.refines === refines)?.['#text'];
    expect(value('dcterms:modified')).toBe('2026-03-04T05:06:08Z');
    expect(value('media:active-class')).toBe('-epub-media-overlay-active');
    expect(value('media:duration')).toBe('0:01:03.750');
    expect(value('media:duration', '#smil-c1')).toBe('0:01:01.500');
    expect(value('media:duration', '#smil-c3')).toBe('0:00:02.250');
    expect(value('media:duration', '#smil-c2')).toBeUndefined();
  });

  test('manifest: nav, cover image, overlays on the chapters that have one, SMIL and MP3 items', () => {
    const items = parsed().manifest.item as Record<string, string>[];
    const byId = (id: string) => items.find((item) => item.id === id);
    expect(byId('nav')?.properties).toBe('nav');
    expect(byId('cover-image')?.properties).toBe('cover-image');
    expect(byId('c1')?.['media-overlay']).toBe('smil-c1');
    expect(byId('c2')?.['media-overlay']).toBeUndefined();
    expect(byId('smil-c1')).toEqual({ id: 'smil-c1', href: 'overlays/c1.smil', 'media-type': 'application/smil+xml' });
    expect(byId('audio-c3')).toEqual({ id: 'audio-c3', href: 'audio/c3.mp3', 'media-type': 'audio/mpeg' });
    expect(byId('smil-c2')).toBeUndefined();
    expect(byId('audio-c2')).toBeUndefined();
  });
});
