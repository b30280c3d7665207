import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Parser } from 'htmlparser2';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

/** Hostile comments: raw HTML, dangerous schemes in every spelling, markdown that builds links and images. */
const HOSTILE: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><script>alert(1)</script>',
  '<!-- c --><script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '![x](javascript:alert(1))',
  '![tracker](https://evil.example/pixel.png)',
  '![a](data:image/png;base64,iVBORw0KGgo=)',
  '[a](javascript:alert(1))',
  '[a](JaVaScRiPt:alert(1))',
  '[a](&#106;avascript:alert(1))',
  '[a](&#x6A;avascript&#x3A;alert(1))',
  '[a](javascript&colon;alert(1))',
  '[a](<javascript:alert(1)>)',
  '[a](java\nscript:alert(1))',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '[a](vbscript:msgbox(1))',
  '[a](VBScript:msgbox(1))',
  '[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '[x][ref]\n\n[ref]: data:text/html,boom "t"',
  '[x][ref]\n\n[ref]: https://ok.example/ref "fine"',
  '<javascript:alert(1)>',
  '<https://ok.example/auto>',
  'www.ok.example/<script>alert(1)</script>',
  '<svg onload=alert(1)><circle r=1/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<style>body{display:none}</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="javascript:alert(1)">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<a href="https://ok.example" onclick="alert(1)">ok</a>',
  '**bold <img src=x onerror=alert(1)>**',
  '<div>**markdown inside html** [x](javascript:alert(1))</div>',
  '[<img src=x onerror=alert(1)>](https://ok.example)',
  '[x](https://ok.example "t\\" onmouseover=\\"alert(1)")',
  '[x](https://ok.example/a"onmouseover="alert(1))',
  '[x](//evil.example/path)',
  '[x](/admin) and [y](#top)',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '```html\n<script>alert(1)</script>\n```\nand `<img src=x onerror=alert(1)>`',
  '> <script>alert(1)</script>\n> [q](javascript:alert(1))',
  '- [x](javascript:alert(1))\n- <img src=x onerror=alert(1)>',
  '# <script>alert(1)</script> heading',
  '[mail](mailto:someone@example.com) [web](https://ok.example)',
];

const FORBIDDEN = new Set(['script', 'style', 'iframe', 'frame', 'frameset', 'svg', 'math', 'object', 'embed', 'base', 'meta', 'link', 'applet', 'template', 'noscript']);
/** What a comment body may contain, and which attributes. */
const BODY_TAGS: Record<string, string[]> = {
  p: [], br: [], hr: [], em: [], strong: [], del: [], blockquote: [], ul: [], ol: ['start'], li: [], code: [], pre: [], a: ['href', 'rel'], span: [],
  table: [], thead: [], tbody: [], tr: [], th: [], td: [],
};
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'hx-get', 'hx-post', 'data', 'poster', 'srcset'];
const SAFE_ABSOLUTE = /^(https?:\/\/|mailto:)/i;
const RELATIVE = /^(\/(?!\/)|#|\?)/;

/**
 * Parses HTML as a browser would and lists everything dangerous. `fragment` is HTML the app
 * wraps around comments (forms, avatars): there only the general rules apply; inside
 * div.comment__body (and whole `html` values from JSON, `body: true`) the strict allow-list does.
 */
function violations(html: string, { body }: { body: boolean }): { found: string[]; links: number } {
  const found: string[] = [];
  let links = 0;
  const stack: boolean[] = [];
  const inBody = () => body || stack.includes(true);
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const strict = inBody();
        stack.push(name === 'div' && (attributes.class ?? '').split(/\s+/).includes('comment__body'));
        if (FORBIDDEN.has(name)) found.push(`<${name}>`);
        for (const [attr, value] of Object.entries(attributes)) {
          if (/^on/i.test(attr)) found.push(`${attr} on <${name}>`);
          if (/(java|vb)script\s*:/i.test(value) || /^\s*data:/i.test(value)) found.push(`${attr}="${value}" on <${name}>`);
          if (URL_ATTRIBUTES.includes(attr) && !SAFE_ABSOLUTE.test(value) && !RELATIVE.test(value)) found.push(`${attr}="${value}" on <${name}>`);
        }
        if (!strict) return;
        const allowed = BODY_TAGS[name];
        if (!allowed) return void found.push(`<${name}> in a comment`);
        for (const attr of Object.keys(attributes)) if (!allowed.includes(attr)) found.push(`${attr} on <${name}> in a comment`);
        if (name === 'a') {
          links++;
          if (!SAFE_ABSOLUTE.test(attributes.href ?? '')) found.push(`link to "${attributes.href}" in a comment`);
          const rel = (attributes.rel ?? '').split(/\s+/);
          for (const needed of ['nofollow', 'ugc', 'noopener']) if (!rel.includes(needed)) found.push(`link without rel ${needed}`);
        }
      },
      onclosetag() {
        stack.pop();
      },
      oncomment: () => void found.push('html comment'),
      onprocessinginstruction: (name) => void found.push(`instruction ${name}`),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { found, links };
}

type Comment = { id: number; text: string; html: string };

async function postAll(sessions: Session[], chapter: number): Promise<Comment[]> {
  const made: Comment[] = [];
  for (const [i, text] of HOSTILE.entries()) {
    // A few go in as replies, so both the thread item and the reply item are rendered.
    const parent = i % 7 === 6 ? made[0]!.id : undefined;
    const res = await app.fetch('/api/comments/salvage-rights', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: sessions[i % sessions.length]!.cookie },
      body: JSON.stringify({ text, chapter, ...(parent ? { parent_id: parent } : {}) }),
    });
    expect(res.status).toBe(201);
    made.push(((await res.json()) as { comment: Comment }).comment);
  }
  return made;
}

test(`a corpus of ${HOSTILE.length} hostile comments renders without markup that could run or leak`, async () => {
  expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  const sessions = await Promise.all(Array.from({ length: 7 }, (_, i) => loginAs(app, `xss-${i}`)));
  const made = await postAll(sessions, 7);

  // The JSON: every `html`, and `text` exactly as typed (clients must not render it as HTML).
  const res = await app.fetch('/api/comments/salvage-rights?chapter=7&sort=new&limit=50', { headers: { accept: 'application/json' } });
  const listed = ((await res.json()) as { comments: Comment[] }).comments;
  expect(listed).toHaveLength(HOSTILE.length);
  let jsonLinks = 0;
  for (const comment of listed) {
    const { found, links } = violations(comment.html, { body: true });
    expect({ text: comment.text, found }).toEqual({ text: comment.text, found: [] });
    jsonLinks += links;
    expect(HOSTILE).toContain(comment.text);
  }
  // The safe links survive (with rel), so the checks above looked at real links.
  expect(jsonLinks).toBeGreaterThanOrEqual(8);
  const mixed = listed.find((c) => c.text.startsWith('[mail]'))!;
  expect(mixed.html).toBe('<p><a href="mailto:someone@example.com" rel="nofollow ugc noopener">mail</a> <a href="https://ok.example" rel="nofollow ugc noopener">web</a></p>');
  const image = listed.find((c) => c.text.startsWith('![tracker]'))!;
  expect(image.html).toBe('<p><a href="https://evil.example/pixel.png" rel="nofollow ugc noopener">tracker</a></p>');
  expect(listed.find((c) => c.text === '<script>alert(1)</script>')!.html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');

  // The page fragments, every page of them, as signed-in author (forms and Delete buttons rendered).
  let url: string | null = '/book/salvage-rights/comments?chapter=7';
  let target = 'comments-thread';
  let seen = 0;
  let pageLinks = 0;
  while (url) {
    const page = await app.fetch(url, { headers: { accept: 'text/html', 'hx-request': 'true', 'hx-target': target, cookie: sessions[0]!.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const { found, links } = violations(html, { body: false });
    expect(found).toEqual([]);
    pageLinks += links;
    seen += (html.match(/<article class="comment[ "]/g) ?? []).length;
    url = /<li class="comment-list__more" id="comments-more"><a [^>]*hx-get="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;
    target = 'comments-more';
  }
  expect(seen).toBe(made.length);
  expect(pageLinks).toBe(jsonLinks);

  // The whole page readers without JavaScript get: the same rules, and only the app's own scripts.
  const full = await (await app.fetch('/book/salvage-rights/comments?chapter=7&sort=new', { headers: { accept: 'text/html' } })).text();
  const scripts = [...full.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  for (const [, attributes, inline] of scripts) {
    expect(attributes).toMatch(/ src="\/assets\/[^"]+\.js"/);
    expect(inline).toBe('');
  }
  const start = full.indexOf('<section class="comments comments--page"');
  const section = full.slice(start, full.indexOf('</section>', start) + '</section>'.length);
  const { found, links } = violations(section, { body: false });
  expect(found).toEqual([]);
  expect(links).toBeGreaterThan(0); // the first page only: 20 threads
});

test('the checker itself catches what it looks for', () => {
  const bad = [
    '<script>x</script>', '<p onclick="x">a</p>', '<a href="java&#x09;script:alert(1)">x</a>', '<a href="https://ok.example">no rel</a>',
    '<a href="//evil.example" rel="nofollow ugc noopener">x</a>', '<img src="https://x.example/a.png">', '<svg></svg>', '<a href="data:text/html,x">x</a>',
  ];
  for (const html of bad) expect(violations(html, { body: true }).found.length).toBeGreaterThan(0);
  expect(violations('<p><a href="https://ok.example" rel="nofollow ugc noopener">ok</a></p>', { body: true })).toEqual({ found: [], links: 1 });
  expect(violations('<form hx-post="/comment/1/vote"><button>x</button></form>', { body: false }).found).toEqual([]);
  expect(violations('<div class="comment__body"><form></form></div>', { body: false }).found).toEqual(['<form> in a comment']);
});
