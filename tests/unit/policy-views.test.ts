import { expect, test } from 'bun:test';
import { TranslationSwitch } from '../../views/components/TranslationSwitch.tsx';
import { TranslationStatus } from '../../views/components/TranslationStatus.tsx';
import { ExportForm } from '../../views/components/ExportForm.tsx';
import { makeCtx } from '../support/page-context.ts';

const sold = makeCtx({ offers: { translation: true, proForSale: true } });
const household = makeCtx({ offers: { translation: false, proForSale: false } });

test('the Translate control is drawn only where an AI service is configured', () => {
  expect(String(TranslationSwitch({ ctx: sold, slug: 'book', chapter: 2, current: null }))).toContain('>Translate</button>');
  expect(String(TranslationSwitch({ ctx: household, slug: 'book', chapter: 2, current: null }))).toBe('');
  // A stored translation opened by ?locale= still says what it is.
  expect(String(TranslationSwitch({ ctx: household, slug: 'book', chapter: 2, current: 'fr' }))).toBe('<p class="translation__note">Machine translation into Français.</p>');
});

test('the translation limit: Pro and its link where it is sold, the owner\'s words elsewhere', () => {
  const paid = String(TranslationStatus({ ctx: sold, slug: 'book', chapter: 2, state: { kind: 'pro_required', locale: 'fr', perDay: 5, paid: true } }));
  expect(paid).toContain('You have used your free translations for today (5 chapters a day). Chapterhouse Pro makes translation unlimited.');
  expect(paid).toContain('href="/pro"');
  const owner = String(TranslationStatus({ ctx: household, slug: 'book', chapter: 2, state: { kind: 'pro_required', locale: 'fr', perDay: 2, paid: false } }));
  expect(owner).toContain('You have reached this server’s daily translation limit (2 a day), set by its owner. It starts again tomorrow.');
  expect(owner).not.toContain('href="/pro"');
  expect(owner).not.toContain('Pro');
});

test('the export form offers Pro only where it is sold', () => {
  const props = { slug: 'book', first: 1, last: 3, pro: false };
  expect(String(ExportForm({ ctx: sold, ...props }))).toContain('<a href="/pro">Get Pro</a>');
  const closed = String(ExportForm({ ctx: household, ...props }));
  expect(closed).toContain('EPUB export is for Pro readers on this server.');
  expect(closed).not.toContain('href="/pro"');
  const signIn = String(ExportForm({ ctx: makeCtx({ path: '/book/book', offers: { translation: false, proForSale: false } }), ...props, afterSignIn: true }));
  expect(signIn).toContain('<a href="/login?return_to=%2Fbook%2Fbook">Sign in</a>');
});
