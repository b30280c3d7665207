import { afterAll, describe, expect, test } from 'bun:test';
import { parseBook } from '../../src/features/imports/parse/index.ts';
import { removeEpubs, writeEpub } from '../fixtures/imports/build-epub.ts';

/** How an EPUB's structure becomes chapters, on small books written by hand (build-epub.ts). */
afterAll(removeEpubs);

const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ');

describe('the table of contents splits and joins files', () => {
  const oneFile = {
    docs: {
      'book.xhtml': `<section id="c1"><h2>The First</h2><p>Alpha text.</p></section>
        <section id="c2"><h2>The Second</h2><p>Beta text.</p><p>More <b>beta</b>.</p></section>
        <p>Gamma begins here, <a id="c3"></a>with an anchor inside the paragraph.</p><p>Gamma ends.</p>`,
    },
    spine: ['book.xhtml'],
    toc: [
      { title: 'The First', href: 'book.xhtml#c1' },
      { title: 'The Second', href: 'book.xhtml#c2' },
      { title: 'The Third', href: 'book.xhtml#c3' },
    ],
  };

  test('several entries pointing into one file split it at their anchors', async () => {
    const book = await parseBook(await writeEpub(oneFile), 'epub');
    expect(book.rule).toBe('toc');
    expect(book.chapters).toEqual([
      { title: 'The First', markdown: 'Alpha text.' },
      { title: 'The Second', markdown: 'Beta text.\n\nMore **beta**.' },
      { title: 'The Third', markdown: 'Gamma begins here, with an anchor inside the paragraph.\n\nGamma ends.' },
    ]);
  });

  test('the same file by the spine rule is one chapter, named by its first entry', async () => {
    const book = await parseBook(await writeEpub(oneFile), 'epub', { rule: 'spine' });
    expect(book.rule).toBe('spine');
    expect(book.chapters.map((c) => c.title)).toEqual(['The First']);
    expect(book.chapters[0]!.markdown).toStartWith('Alpha text.\n\n## The Second\n\nBeta text.');
  });

  test('several files under one entry join into one chapter, in spine order', async () => {
    const book = await parseBook(
      await writeEpub({
        version: 2,
        docs: { 'a1.xhtml': '<h1>One</h1><p>First half.</p>', 'a2.xhtml': '<p>Second half.</p>', 'b.xhtml': '<h1>Two</h1><p>Next.</p>' },
        spine: ['a1.xhtml', 'a2.xhtml', 'b.xhtml'],
        toc: [
          { title: 'One', href: 'a1.xhtml' },
          { title: 'Two', href: 'b.xhtml' },
        ],
      }),
      'epub',
    );
    expect(book.chapters).toEqual([
      { title: 'One', markdown: 'First half.\n\nSecond half.' },
      { title: 'Two', markdown: 'Next.' },
    ]);
  });

  test.each([2, 3] as const)('entries below a chapter that point into its own file are its sections, not chapters (EPUB %d)', async (version) => {
    const book = await parseBook(
      await writeEpub({
        version,
        docs: { 'c1.xhtml': '<h1>Chapter 1</h1><p>Start.</p><h2 id="s1">The Walk</h2><p>Walking.</p>', 'c2.xhtml': '<h1>Chapter 2</h1><p>Later.</p>' },
        spine: ['c1.xhtml', 'c2.xhtml'],
        toc: [
          { title: 'Chapter 1', href: 'c1.xhtml', children: [{ title: 'The Walk', href: 'c1.xhtml#s1' }] },
          { title: 'Chapter 2', href: 'c2.xhtml' },
        ],
      }),
      'epub',
    );
    expect(book.chapters).toEqual([
      { title: 'Chapter 1', markdown: 'Start.\n\n## The Walk\n\nWalking.' },
      { title: 'Chapter 2', markdown: 'Later.' },
    ]);
  });

  test('parts over chapters in one file: the chapters, the part page with only its heading dropped', async () => {
    const book = await parseBook(
      await writeEpub({
        docs: { 'p1.xhtml': '<h1>Part One</h1><h2 id="a">Chapter 1</h2><p>Aa.</p><h2 id="b">Chapter 2</h2><p>Bb.</p>' },
        spine: ['p1.xhtml'],
        toc: [{ title: 'Part One', href: 'p1.xhtml', children: [{ title: 'Chapter 1', href: 'p1.xhtml#a' }, { title: 'Chapter 2', href: 'p1.xhtml#b' }] }],
      }),
      'epub',
    );
    expect(book.chapters).toEqual([
      { title: 'Chapter 1', markdown: 'Aa.' },
      { title: 'Chapter 2', markdown: 'Bb.' },
    ]);
  });

  test('a heading that says more than the entry names the chapter', async () => {
    const book = await parseBook(
      await writeEpub({ docs: { 'a.xhtml': '<h1>Chapter 1: Dawn</h1><p>A.</p>', 'b.xhtml': '<h1>A Quiet Day</h1><p>B.</p>' }, spine: ['a.xhtml', 'b.xhtml'], toc: [{ title: 'Chapter 1', href: 'a.xhtml' }, { title: 'Chapter 2', href: 'b.xhtml' }] }),
      'epub',
    );
    expect(book.chapters).toEqual([
      { title: 'Chapter 1: Dawn', markdown: 'A.' },
      { title: 'Chapter 2', markdown: '# A Quiet Day\n\nB.' },
    ]);
  });
  test('a page the contents call "Copyright" is front matter; a label and subtitle under one entry both go', async () => {
    const book = await parseBook(
      await writeEpub({
        docs: { 'legal.xhtml': '<p>All rights reserved. First published in 2024.</p>', 'a.xhtml': '<h1>Chapter 2</h1><h2>A Quiet Day</h2><p>Quiet.</p>', 'b.xhtml': '<h1>Chapter 3</h1><p>Loud.</p>' },
        spine: ['legal.xhtml', 'a.xhtml', 'b.xhtml'],
        toc: [{ title: 'Copyright', href: 'legal.xhtml' }, { title: 'Chapter 2: A Quiet Day', href: 'a.xhtml' }, { title: 'Chapter 3', href: 'b.xhtml' }],
      }),
      'epub',
    );
    expect(book.chapters).toEqual([
      { title: 'Chapter 2: A Quiet Day', markdown: 'Quiet.' },
      { title: 'Chapter 3', markdown: 'Loud.' },
    ]);
  });
});

describe('without a usable table of contents', () => {
  test('one chapter per document, named by its first heading, else "Chapter N"; the cover (by the guide), the title page (by its words), the contents (by its links) and blank pages left out', async () => {
    const book = await parseBook(
      await writeEpub({
        version: 2,
        docs: {
          'cover.xhtml': '<div><img src="cover.jpg" alt="Cover"/></div>',
          'art.xhtml': '<p>Cover art by Someone Else.</p>',
          'front1.xhtml': '<h1>A Small Book</h1><p>by Ann Author</p>',
          'p3.xhtml': '<h2>Contents</h2><p><a href="one.xhtml">The Beginning</a></p><p><a href="two.xhtml">Untitled</a></p><p><a href="three.xhtml">The End</a></p>',
          'one.xhtml': '<h2>The Beginning</h2><p>It began.</p>',
          'two.xhtml': '<p>No heading here.</p>',
          'three.xhtml': '<h3><em>The</em> End</h3><p>It ended.</p>',
          'blank.xhtml': '<p> </p>',
        },
        spine: ['cover.xhtml', 'art.xhtml', 'front1.xhtml', 'p3.xhtml', 'one.xhtml', 'two.xhtml', 'three.xhtml', 'blank.xhtml'],
        guide: '<reference type="cover" title="Cover" href="art.xhtml"/>',
      }),
      'epub',
    );
    expect(book.rule).toBe('spine');
    expect(book.chapters).toEqual([
      { title: 'The Beginning', markdown: 'It began.' },
      { title: 'Chapter 2', markdown: 'No heading here.' },
      { title: 'The End', markdown: 'It ended.' },
    ]);
  });

  test('a contents that names too few of the documents is not used; asking for it says so when it names none', async () => {
    const docs = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`d${i}.xhtml`, `<h1>Part ${i}</h1><p>${words(20, 'text')}.</p>`]));
    const spec = { docs, spine: Object.keys(docs), toc: [{ title: 'Start', href: 'd0.xhtml' }, { title: 'Middle', href: 'd4.xhtml' }] };
    const auto = await parseBook(await writeEpub(spec), 'epub');
    expect([auto.rule, auto.chapters.length]).toEqual(['spine', 9]);
    const asked = await parseBook(await writeEpub(spec), 'epub', { rule: 'toc' });
    expect(asked.chapters.map((c) => c.title)).toEqual(['Start', 'Middle']);
    const none = await parseBook(await writeEpub({ docs, spine: Object.keys(docs) }), 'epub', { rule: 'toc' });
    expect(none.rule).toBe('spine');
    expect(none.warnings).toEqual(['The table of contents points to no chapter text; the book was split one chapter per document instead.']);
  });
});

describe('markdown', () => {
  test('images, media and scripts are dropped, links keep their words, XHTML quirks are read', async () => {
    const book = await parseBook(
      await writeEpub({
        docs: {
          'a.xhtml': `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><head><title/><script>var x = 1;</script></head><body>
            <h1>Odd Things</h1><p>Before&nbsp;the <a href="b.xhtml">link</a> and an image <img src="i.png" alt="a picture"/>.</p>
            <script>alert("no")</script><svg xmlns="http://www.w3.org/2000/svg"><text>drawn words</text></svg>
            <p>Soft\u00adhyphen and zero\u200bwidth.</p><p class="break">***</p><ul><li>one</li><li>two</li></ul><p>After.</p><div/><p>Last.</p></body></html>`,
        },
        spine: ['a.xhtml'],
      }),
      'epub',
    );
    expect(book.chapters).toEqual([{ title: 'Odd Things', markdown: 'Before the link and an image .\n\nSofthyphen and zerowidth.\n\n* * *\n\n-   one\n-   two\n\nAfter.\n\nLast.' }]);
  });
});

describe('metadata and covers', () => {
  const body = { docs: { 'a.xhtml': '<h1>One</h1><p>Text.</p>' }, spine: ['a.xhtml'] };
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

  test('EPUB 2: the cover named by <meta name="cover">; its type read from its bytes', async () => {
    const book = await parseBook(
      await writeEpub({ ...body, version: 2, metadata: '<dc:title>T</dc:title><meta name="cover" content="pic"/>', manifest: '<item id="pic" href="images/pic.png" media-type="image/png"/>', files: { 'OEBPS/images/pic.png': jpeg } }),
      'epub',
    );
    expect(book.cover).toEqual({ bytes: jpeg, contentType: 'image/jpeg' });
  });

  test('authors by role, several joined; an illustrator is not an author; HTML in the description becomes text', async () => {
    const book = await parseBook(
      await writeEpub({
        ...body,
        metadata: `<dc:title> The   Book </dc:title><dc:creator id="a1">Ann Author</dc:creator><dc:creator id="a2">Bo Writer</dc:creator><meta refines="#a2" property="role" scheme="marc:relators">aut</meta>
          <dc:creator id="i1">Ivy Drawer</dc:creator><meta refines="#i1" property="role" scheme="marc:relators">ill</meta>
          <dc:description>&lt;p&gt;A &lt;b&gt;bold&lt;/b&gt; tale.&lt;/p&gt;&lt;p&gt;Second part.&lt;/p&gt;</dc:description><dc:language>pt-BR</dc:language>`,
      }),
      'epub',
    );
    expect([book.title, book.author, book.description, book.language]).toEqual(['The Book', 'Ann Author, Bo Writer', 'A bold tale.\n\nSecond part.', 'pt-BR']);
  });

  test('without a title in the metadata, the first chapter names the book', async () => {
    const book = await parseBook(await writeEpub({ ...body, metadata: '<dc:language>en</dc:language>' }), 'epub');
    expect([book.title, book.author, book.language]).toEqual(['One', '', 'en']);
  });
});

test('hrefs that climb out of the book are not followed', async () => {
  const book = await parseBook(
    await writeEpub({
      docs: { 'a.xhtml': '<h1>Inside</h1><p>Safe text.</p>', 'b.xhtml': '<h1>Also Inside</h1><p>More safe text.</p>' },
      spine: ['a.xhtml', 'escape', 'b.xhtml'],
      manifest: '<item id="escape" href="../../secret.xhtml" media-type="application/xhtml+xml"/>',
      toc: [
        { title: 'Inside', href: 'a.xhtml' },
        { title: 'Secret', href: '../../secret.xhtml#x' },
        { title: 'Also Inside', href: 'b.xhtml' },
      ],
      // A zip may hold an entry literally named so; following the href would read it.
      files: { '../secret.xhtml': '<html><body><h1>Secret</h1><p>Leaked text.</p></body></html>' },
    }),
    'epub',
  );
  expect(book.chapters).toEqual([
    { title: 'Inside', markdown: 'Safe text.' },
    { title: 'Also Inside', markdown: 'More safe text.' },
  ]);
});
