import { describe, expect, test } from 'bun:test';
import { Parser } from 'htmlparser2';
import { renderChapter } from '../../src/platform/markup/chapter-html.ts';

const ALLOWED: Record<string, string[]> = {
  p: [], br: [], hr: [], em: [], strong: [], del: [], h2: [], h3: [], h4: [], blockquote: [], ul: [], ol: ['start'], li: [], code: [], pre: [], a: ['href', 'rel'],
};

/** Parses the output as a browser would and lists everything outside the allowed markup. */
function violations(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      const allowed = ALLOWED[name];
      if (!allowed) return void found.push(`tag <${name}>`);
      for (const [attr, value] of Object.entries(attributes)) {
        if (!allowed.includes(attr)) found.push(`attribute ${attr} on <${name}>`);
        if (attr === 'href' && !/^(https?:\/\/|mailto:)/i.test(value)) found.push(`href ${value}`);
        if (attr === 'rel' && value !== 'nofollow noopener ugc') found.push(`rel ${value}`);
      }
      if (name === 'a' && 'href' in attributes && attributes.rel !== 'nofollow noopener ugc') found.push('link without rel');
    },
    oncomment: () => void found.push('comment'),
    onprocessinginstruction: (name) => void found.push(`instruction ${name}`),
  }, { decodeEntities: true, lowerCaseTags: true });
  parser.write(html);
  parser.end();
  return found;
}

const HOSTILE: Record<string, string> = {
  'raw script': '<script>alert(1)</script>',
  'script in upper case': '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  'split script tag': '<scr<script>ipt>alert(1)</scr</script>ipt>',
  'img onerror': '<img src=x onerror=alert(1)>',
  'markdown image': '![cat](https://evil.example/track.png "t")',
  'image as link text': '[![x](https://evil.example/x.png)](https://example.com)',
  'javascript: link': '[click](javascript:alert(1))',
  'javascript: with entities': '<a href="&#106;&#97;vascript:alert(1)">x</a>',
  'javascript: with a tab': '<a href="java\tscript:alert(1)">x</a>',
  'javascript: with a newline entity': '<a href="java&#x0A;script:alert(1)">x</a>',
  'JAVASCRIPT: in capitals': '<a href="JAVASCRIPT:alert(1)">x</a>',
  'vbscript link': '<a href="vbscript:msgbox(1)">x</a>',
  'data: link': '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  'data: image': '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  'protocol-relative link': '[x](//evil.example/)',
  'relative link': '[x](/admin)',
  'svg onload': '<svg onload=alert(1)><circle r=1 /></svg>',
  'svg with script': '<svg><script>alert(1)</script></svg>',
  'math mutation': '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  'style element': '<style>body{display:none}</style>',
  'style attribute': '<p style="background:url(javascript:alert(1))">x</p>',
  'event handlers': '<p onclick="alert(1)" onmouseover="alert(2)">x</p>',
  'iframe': '<iframe src="https://evil.example"></iframe>',
  'iframe srcdoc': '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  'object and embed': '<object data="x.swf"></object><embed src="x.swf">',
  'form': '<form action="https://evil.example"><input name=p><button formaction="javascript:alert(1)">go</button></form>',
  'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  'base tag': '<base href="https://evil.example/">',
  'link tag': '<link rel="stylesheet" href="https://evil.example/x.css">',
  'noscript trick': '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  'template': '<template><img src=x onerror=alert(1)></template>',
  'comment': '<!-- <img src=x onerror=alert(1)> -->text',
  'cdata': '<![CDATA[<img src=x onerror=alert(1)>]]>',
  'details ontoggle': '<details open ontoggle=alert(1)><summary>s</summary></details>',
  'a target and id': '<a href="https://example.com" target="_blank" id="x" class="y" name="z">x</a>',
  'nested quotes in attribute': '<a href="https://example.com/" title="x" onclick="alert(1)//">x</a>',
  'html in a link title': '[x](https://example.com "\\"><script>alert(1)</script>")',
  'deep nesting': '<em>'.repeat(500) + 'deep' + '</em>'.repeat(500),
  'unclosed tags': '<p><strong>bold<em>both',
  'xmp and plaintext': '<xmp><script>alert(1)</script></xmp><plaintext><img src=x onerror=alert(1)>',
};

describe('renderChapter: hostile markdown', () => {
  for (const [name, source] of Object.entries(HOSTILE)) {
    test(name, () => {
      const html = renderChapter(source);
      expect(violations(html)).toEqual([]);
      expect(html).not.toMatch(/<script|<img|<svg|<style|<iframe|\son\w+=|javascript:|vbscript:|data:/i);
    });
  }

  test('links keep a safe href and get rel="nofollow noopener ugc"; unsafe ones keep only their text', () => {
    expect(renderChapter('[ok](https://example.com/a?b=1&c=2)')).toBe('<p><a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener ugc">ok</a></p>');
    expect(renderChapter('<mailto:someone@example.com>')).toBe('<p><a href="mailto:someone@example.com" rel="nofollow noopener ugc">mailto:someone@example.com</a></p>');
    expect(renderChapter('[click](javascript:alert(1))')).toBe('<p><a>click</a></p>');
    expect(renderChapter('[x](/admin)')).toBe('<p><a>x</a></p>');
  });

  test('dropped markup leaves no empty paragraph, and scripts and styles lose their text too', () => {
    expect(renderChapter('![cat](https://evil.example/cat.png)')).toBe('');
    expect(renderChapter('before\n\n<script>alert(1)</script>\n\nafter')).toBe('<p>before</p>\n<p>after</p>');
    expect(renderChapter('<style>p{}</style>text')).toBe('text');
  });
});

describe('renderChapter: reading markup', () => {
  test('paragraphs, emphasis, lists, quotes, rules, breaks and code survive', () => {
    const html = renderChapter('One *two* **three** ~~four~~\n\n> quoted\n\n- a\n- b\n\n3. c\n4. d\n\n---\n\nline  \nbreak `code`\n\n```\nblock <b>\n```');
    expect(html).toBe(
      '<p>One <em>two</em> <strong>three</strong> <del>four</del></p>\n<blockquote>\n<p>quoted</p>\n</blockquote>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n' +
        '<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>\n<hr />\n<p>line<br />break <code>code</code></p>\n<pre><code>block &lt;b&gt;\n</code></pre>',
    );
    expect(violations(html)).toEqual([]);
  });

  test('headings sit below the chapter title: h1 becomes h2, h5 and h6 become h4', () => {
    expect(renderChapter('# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six')).toBe(
      '<h2>One</h2>\n<h2>Two</h2>\n<h3>Three</h3>\n<h4>Four</h4>\n<h4>Five</h4>\n<h4>Six</h4>',
    );
  });

  test('plain prose with characters that look like markup is escaped, not dropped', () => {
    expect(renderChapter('5 < 6 & "quotes" > less')).toBe('<p>5 &lt; 6 &amp; “quotes” &gt; less</p>');
    // A "<word" that is no tag neither swallows the rest of the paragraph nor stops the typography after it.
    expect(renderChapter('x <y and "z"... <notatag')).toBe('<p>x &lt;y and “z”… &lt;notatag</p>');
  });
});

describe('renderChapter: typography', () => {
  test('quotes curl, dashes and ellipses become their characters, apostrophes turn', () => {
    expect(renderChapter('"Wait," she said -- "it\'s the \'90s..." --- then silence.')).toBe('<p>“Wait,” she said – “it’s the ’90s…” — then silence.</p>');
    expect(renderChapter("He said 'go' and didn't.")).toBe('<p>He said ‘go’ and didn’t.</p>');
  });

  test('after brackets that start no link (status windows, translator notes) and in lists', () => {
    expect(renderChapter('[System] Level 5 -- "Hero"... it\'s yours.')).toBe('<p>[System] Level 5 – “Hero”… it’s yours.</p>');
    expect(renderChapter("- a 'b'\n- \"c\"")).toBe('<ul>\n<li>a ‘b’</li>\n<li>“c”</li>\n</ul>');
  });

  test('across markup: emphasis, links, headings and quotes keep their pairs', () => {
    expect(renderChapter('"*Now*," he said.')).toBe('<p>“<em>Now</em>,” he said.</p>');
    expect(renderChapter('[a "link"](https://example.com/?q="x"--y)')).toBe('<p><a href="https://example.com/?q=%22x%22--y" rel="nofollow noopener ugc">a “link”</a></p>');
    expect(renderChapter('# "Title" -- one')).toBe('<h2>“Title” – one</h2>');
  });

  test('never inside code: spans, fenced and indented blocks, and raw <pre> keep straight quotes and hyphens', () => {
    expect(renderChapter('Run `say "hi" -- now...` then "go".')).toBe('<p>Run <code>say "hi" -- now...</code> then “go”.</p>');
    expect(renderChapter('```\nconst s = "a" -- \'b\'...\n```')).toBe('<pre><code>const s = "a" -- \'b\'...\n</code></pre>');
    expect(renderChapter('    x = "y" -- z')).toBe('<pre><code>x = "y" -- z\n</code></pre>');
    expect(renderChapter('<pre>"raw" -- ...</pre>')).toBe('<pre>"raw" -- ...</pre>');
  });

  test('backslash-escaped quotes stay straight; entities and non-Latin text are untouched', () => {
    expect(renderChapter('\\"plain\\" &amp; &copy; 東京 "ok"')).toBe('<p>"plain" &amp; © 東京 “ok”</p>');
  });
});
