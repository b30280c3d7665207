import { describe, expect, test } from 'bun:test';
import { readSettingsForm } from '../../src/features/settings/form.ts';
import { DEFAULT_SETTINGS, unknownField } from '../../src/features/settings/model.ts';
import { storedAppearance, toSettings } from '../../src/features/settings/service.ts';
import { appearanceCookies, changedAppearanceCookies, withAppearance } from '../../src/features/settings/appearance.ts';
import { makeCtx } from '../support/page-context.ts';

const row = (fields: Record<string, unknown>) => ({ auto_next: null, voice: null, speed: null, theme: null, locale: null, font_family: null, font_size: null, updated_at: new Date(), ...fields });

describe('toSettings', () => {
  test('no row or an empty row gives the defaults', () => {
    expect(toSettings(undefined)).toEqual({ ...DEFAULT_SETTINGS });
    expect(toSettings(row({}))).toEqual({ ...DEFAULT_SETTINGS });
  });

  test('real-column noise is rounded away; 0 and out-of-range sizes read as 1.0', () => {
    expect(toSettings(row({ font_size: 1.100000023841858, speed: 1.2999999523162842 }))).toMatchObject({ font_size: 1.1, speed: 1.3 });
    expect(toSettings(row({ font_size: 0 })).font_size).toBe(1);
    expect(toSettings(row({ font_size: 7, speed: 0.1 }))).toMatchObject({ font_size: 1, speed: 1 });
  });

  test('values no longer allowed (a removed theme) fall back to the default', () => {
    expect(toSettings(row({ theme: 'neon', locale: 'de', font_family: 'comic' }))).toMatchObject({ theme: 'amber', locale: 'en', font_family: 'system' });
  });
});

describe('storedAppearance and its cookies', () => {
  test('only chosen appearance fields, never defaults, voice or speed', () => {
    expect(storedAppearance(undefined)).toEqual({});
    expect(storedAppearance(row({ theme: 'rose', font_size: 0, speed: 2, voice: 'x' }))).toEqual({ theme: 'rose' });
    expect(storedAppearance(row({ locale: 'fr', font_family: 'mono', font_size: 1.25 }))).toEqual({ locale: 'fr', font_family: 'mono', font_size: 1.25 });
  });

  test('cookies are one-year, HttpOnly, Lax, Secure only on https', () => {
    const [plain] = appearanceCookies({ theme: 'light' }, false);
    expect(plain).toBe('theme=light; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly');
    expect(appearanceCookies({ font_size: 1.5 }, true)[0]).toEndWith('HttpOnly; Secure');
  });

  test('changedAppearanceCookies leaves cookies that already match alone', () => {
    const request = new Request('http://x.test/', { headers: { cookie: 'theme=light; locale=en' } });
    const cookies = changedAppearanceCookies(request, { theme: 'light', locale: 'pt', font_family: 'serif' }, false);
    expect(cookies.map((c) => c.split(';')[0])).toEqual(['locale=pt', 'font_family=serif']);
  });

  test('withAppearance applies stored choices to the page context, translator included', () => {
    const ctx = withAppearance(makeCtx({ locale: 'en', theme: 'amber' }), { locale: 'es', theme: 'light', font_size: 1.5 });
    expect(ctx).toMatchObject({ locale: 'es', theme: 'light', fontSize: 1.5, fontFamily: 'serif' });
    expect(ctx.t('settings.title')).toBe('Ajustes');
  });
});

describe('unknownField', () => {
  test('names the first key that is not a setting', () => {
    expect(unknownField({ theme: 'x', font_size: 1 })).toBeUndefined();
    expect(unknownField({ theme: 'x', fontSize: 1 })).toBe('fontSize');
    expect(unknownField(null)).toBeUndefined();
  });
});

describe('readSettingsForm (the page without JavaScript)', () => {
  const full = { theme: 'slate', locale: 'pt', font_family: 'serif', font_size: '1.25', speed: '0.75', voice: 'espeak-en-us', auto_next: 'true' };

  test('text becomes the API types', () => {
    expect(readSettingsForm(full)).toEqual({
      invalid: [],
      patch: { theme: 'slate', locale: 'pt', font_family: 'serif', font_size: 1.25, speed: 0.75, voice: 'espeak-en-us', auto_next: true },
    });
  });

  test('a missing checkbox means off; "on" (a checkbox without value) means on', () => {
    const { auto_next: _, ...unticked } = full;
    expect(readSettingsForm(unticked).patch.auto_next).toBe(false);
    expect(readSettingsForm({ ...full, auto_next: 'on' }).patch.auto_next).toBe(true);
  });

  test('every bad field is reported, in form order, and nothing is kept', () => {
    const outcome = readSettingsForm({ ...full, font_size: '0', speed: '', theme: 'dark', auto_next: 'maybe' });
    expect(outcome).toEqual({ patch: {}, invalid: ['auto_next', 'speed', 'theme', 'font_size'] });
    expect(readSettingsForm({ ...full, font_size: '1e3' }).invalid).toEqual(['font_size']);
    expect(readSettingsForm({ ...full, voice: '../etc' }).invalid).toEqual(['voice']);
  });
});
