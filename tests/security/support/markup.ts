import { Parser } from 'htmlparser2';

/** Attributes whose value the browser loads or follows (htmx's request attributes included). */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'srcset', 'xlink:href', 'data', 'background', 'cite', 'ping', 'hx-get', 'hx-post', 'hx-put', 'hx-patch', 'hx-delete']);
/** Elements user content must never produce (the site itself uses none of them). */
const FORBIDDEN_ELEMENTS = new Set(['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'portal']);
/** A scheme that runs code when followed or loaded, however it is spelled (entities are already decoded). */
const RUNNABLE = /^(javascript|vbscript|livescript):|^data:(?!image\/(png|jpeg|gif|webp|avif);)/i;

/**
 * What in `html` could run script: script elements other than the site's own `/assets/` files and
 * its JSON-LD (which must still parse as JSON, so nothing broke out of it), event-handler and
 * htmx `hx-on` attributes, runnable URLs, frames and objects, refresh redirects. Empty: none.
 */
export function executableMarkup(html: string): string[] {
  const found: string[] = [];
  let script: { attrs: Record<string, string>; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'script') script = { attrs, text: '' };
        if (FORBIDDEN_ELEMENTS.has(name)) found.push(`<${name}>`);
        if (name === 'meta' && /refresh/i.test(attrs['http-equiv'] ?? '')) found.push(`<meta http-equiv=refresh content="${attrs.content}">`);
        for (const [attr, value] of Object.entries(attrs)) {
          if (/^on/i.test(attr) || /^hx-on/i.test(attr) || (/^hx-(vals|vars)$/i.test(attr) && /^\s*(js|javascript):/i.test(value))) found.push(`${attr}="${value}" on <${name}>`);
          const bare = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
          if (URL_ATTRIBUTES.has(attr.toLowerCase()) && RUNNABLE.test(bare)) found.push(`${attr}="${value}" on <${name}>`);
          if (attr === 'srcdoc') found.push(`srcdoc on <${name}>`);
          if (attr === 'style' && /url\s*\(|expression\s*\(/i.test(value)) found.push(`style="${value}" on <${name}>`);
        }
      },
      ontext(text) {
        if (script) script.text += text;
      },
      onclosetag(name) {
        if (name !== 'script' || !script) return;
        const { attrs, text } = script;
        script = null;
        if (attrs.type === 'application/ld+json') {
          try {
            JSON.parse(text);
          } catch {
            found.push(`JSON-LD that is not JSON: ${text.slice(0, 120)}`);
          }
        } else if (!(attrs.src ?? '').startsWith('/assets/') || text.trim() !== '') {
          found.push(`<script ${JSON.stringify(attrs)}>${text.slice(0, 80)}`);
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** The page's text as a reader sees it (tags dropped, entities decoded): where escaped payloads end up. */
export function visibleText(html: string): string {
  let text = '';
  let skip = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'script' || name === 'style') skip++;
      },
      ontext(chunk) {
        if (!skip) text += chunk;
      },
      onclosetag(name) {
        if (name === 'script' || name === 'style') skip--;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text;
}

/** Every `html` field anywhere in a JSON value. */
export function htmlFields(value: unknown, path = '$'): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => htmlFields(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => (key === 'html' && typeof item === 'string' ? [[`${path}.html`, item] as [string, string]] : htmlFields(item, `${path}.${key}`)));
  }
  return [];
}
