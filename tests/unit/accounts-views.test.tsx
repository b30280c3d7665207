import { makeCtx } from '../support/page-context.ts';
import { describe, expect, test } from 'bun:test';
import { avatarColour, initialsOf } from '../../src/features/accounts/avatars/initials.ts';
import { Avatar } from '../../views/components/Avatar.tsx';
import { SiteHeader } from '../../views/components/SiteHeader.tsx';
import type { Locale } from '../../src/platform/i18n/locale.ts';
import { AccountPage } from '../../views/pages/accounts/AccountPage.tsx';
import { SignInPage } from '../../views/pages/accounts/SignInPage.tsx';
import type { AccountUser, DeviceSession } from '../../views/pages/accounts/types.ts';

const render = (html: JSX.Element) => Promise.resolve(html);

const EVIL = '<script>alert(1)</script>';
const NOW = new Date('2025-03-12T12:00:00Z');
const evilUser: AccountUser = { id: 'u1', username: EVIL, role: 'admin', email: '"x"<img src=x>@evil.test', avatarUrl: null };
const sessions: DeviceSession[] = [
  { id: 'other-1', device: 'Chrome on Android <b>', ip: '203.0.113.9', created: '2025-03-01T10:00:00Z', lastSeen: '2025-03-12T09:00:00Z', current: false },
  { id: 'mine', device: 'Firefox 128 on Linux', ip: '198.51.100.4', created: '2025-03-10T10:00:00Z', lastSeen: '2025-03-12T11:59:50Z', current: true },
];

/**
 * No markup from the hostile strings outside quoted attribute values (where `<` is inert and
 * @kitajs/html escapes the quote), no inline script or handler (CSP).
 */
function expectSafe(out: string) {
  const text = out.replace(/="[^"]*"/g, '=""');
  expect(text).not.toContain('<script>alert');
  expect(text).not.toContain('<img src=x>');
  expect(text).not.toContain('<b>');
  expect(text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(text).not.toMatch(/\son[a-z]+=/);
}

describe('initials and colour', () => {
  test('initialsOf takes one or two letters, Unicode-aware', () => {
    expect(initialsOf('ada_lovelace')).toBe('AL');
    expect(initialsOf('AdaLovelace')).toBe('AL');
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('émile zola')).toBe('ÉZ');
    expect(initialsOf('e\u0301mile')).toBe('É');
    expect(initialsOf('山田太郎')).toBe('山');
    expect(initialsOf('józef-łukasz-nowak')).toBe('JŁ');
    expect(initialsOf('reader42')).toBe('R');
    expect(initialsOf('42')).toBe('4');
    expect(initialsOf('__')).toBe('_');
    expect(initialsOf('')).toBe('?');
  });

  test('avatarColour is stable, varied, and dark enough for white text (WCAG AA)', () => {
    expect(avatarColour('ada')).toBe(avatarColour('ada'));
    const names = Array.from({ length: 400 }, (_, i) => `reader-${i}`);
    const colours = names.map(avatarColour);
    expect(new Set(colours.map((c) => c.split(' ')[0])).size).toBeGreaterThan(100);
    for (const colour of colours) {
      const [h, s, l] = colour.match(/^hsl\((\d+) (\d+)% (\d+)%\)$/)!.slice(1).map(Number) as [number, number, number];
      expect(contrastWithWhite(h, s / 100, l / 100)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

/** Independent of the implementation: CSS Color 4 hsl→sRGB, then WCAG 2 relative luminance. */
function contrastWithWhite(h: number, s: number, l: number): number {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const y = 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
  return 1.05 / (y + 0.05);
}

describe('Avatar', () => {
  test('an image with alt, size, lazy loading and no referrer', async () => {
    const out = await render(<Avatar username={'a"b'} avatarUrl={'https://img.example/a.png?x=1&y="2"'} size={48} />);
    expect(out).toStartWith('<img class="avatar"');
    expect(out).toContain('alt="a&#34;b"');
    expect(out).toContain('src="https://img.example/a.png?x=1&y=&#34;2&#34;"');
    expect(out).toContain('width="48" height="48"');
    expect(out).toContain('loading="lazy"');
    expect(out).toContain('referrerpolicy="no-referrer"');
  });

  test('initials on a drawn colour, labelled for assistive tech, text escaped', async () => {
    const out = await render(<Avatar username="<i>van" avatarUrl={null} />);
    expect(out).toContain('class="avatar avatar--initials"');
    expect(out).toContain('role="img"');
    expect(out).toContain('aria-label="<i>van"');
    expect(out).toMatch(/style="background: hsl\(\d+ 55% \d+%\); --avatar-size: 32px"/);
    expect(out).toContain('>IV</span>');
    expect(out).not.toContain('data-viewer-avatar');
  });
});

describe('SiteHeader', () => {
  test('anonymous: Sign in comes back to the current page, URL-encoded', async () => {
    const out = await render(<SiteHeader ctx={makeCtx({ path: '/book/x?chapter=2&a=b c' })} />);
    expect(out).toContain('href="/login?return_to=%2Fbook%2Fx%3Fchapter%3D2%26a%3Db%20c"');
    expect(out).toContain('>Sign in</a>');
    expect(out).not.toContain('action="/logout"');
    expect(out).not.toContain('href="/account"');
  });

  test('viewer: the avatar opens a menu with their profile, /account, /settings and a sign-out form', async () => {
    const ctx = makeCtx({ path: '/account', viewer: { username: EVIL, role: 'user', avatarUrl: null } });
    const out = await render(<SiteHeader ctx={ctx} />);
    expectSafe(out);
    expect(out).toContain('<details class="account-menu account-menu--here" data-header-menu>');
    expect(out).toContain('<summary class="account-menu__button" aria-label="<script>alert(1)</script>, your account">');
    expect(out).toContain('data-viewer-avatar');
    expect(out).toContain('<span class="account-link__name">&lt;script&gt;alert(1)&lt;/script&gt;</span>');
    expect(out).toContain('Signed in as &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain(`<a href="/users/${encodeURIComponent(EVIL)}">Your profile</a>`);
    expect(out).toContain('<a href="/account" aria-current="page">Your account</a>');
    expect(out).toContain('<a href="/settings">Settings</a>');
    expect(out).toMatch(/<form class="signout-form" method="post" action="\/logout"><button type="submit"[^>]*>Sign out<\/button><\/form>/);
    expect(out).not.toContain('>Sign in<');
  });

  test('viewer with a picture shows it', async () => {
    const ctx = makeCtx({ viewer: { username: 'ada', role: 'pro', avatarUrl: '/objects/avatars/ada.webp' } });
    const out = await render(<SiteHeader ctx={ctx} />);
    // Beside the name, in the menu button named by it, the picture adds no name of its own.
    expect(out).toContain('<summary class="account-menu__button" aria-label="ada, your account"><img class="avatar" src="/objects/avatars/ada.webp" alt=""');
  });
});

describe('SignInPage', () => {
  const providers = [
    { name: 'google', label: 'Google' },
    { name: 'github', label: 'GitHub' },
    { name: 'oidc', label: 'Company <SSO>' },
  ] as const;

  test('one button per provider, carrying return_to encoded', async () => {
    const out = await render(<SignInPage ctx={makeCtx({ path: '/login' })} providers={[...providers]} returnTo="/book/a?x=1&y=2" ownerSetup={false} passwordLogin={false} />);
    expectSafe(out);
    for (const name of ['google', 'github', 'oidc']) {
      expect(out).toContain(`href="/auth/${name}?return_to=%2Fbook%2Fa%3Fx%3D1%26y%3D2"`);
    }
    expect(out).toContain('>Continue with Google</a>');
    expect(out).toContain('Continue with Company &lt;SSO&gt;');
    expect(out).toContain('<h1>Sign in to Chapterhouse</h1>');
    expect(out).not.toContain('role="alert"');
    expect(out).not.toContain('not configured');
  });

  test('shows an error in an alert region, escaped', async () => {
    const out = await render(<SignInPage ctx={makeCtx()} providers={[...providers]} returnTo="/" error={`Denied ${EVIL}`} ownerSetup={false} passwordLogin={false} />);
    expectSafe(out);
    expect(out).toContain('role="alert">Denied &lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  test('without providers, tells the admin what to set', async () => {
    const out = await render(<SignInPage ctx={makeCtx()} providers={[]} returnTo="/" ownerSetup={false} passwordLogin={false} />);
    expect(out).toContain('Sign-in is not configured on this server yet');
    for (const name of ['GOOGLE_CLIENT_ID', 'GITHUB_CLIENT_SECRET', 'OIDC_ISSUER']) expect(out).toContain(`<code>${name}</code>`);
    expect(out).not.toContain('href="/auth/');
  });
});

describe('AccountPage', () => {
  const page = (locale: Locale = 'en', isPro = false, user = evilUser) =>
    render(
      <AccountPage ctx={makeCtx({ locale, path: '/account', viewer: { username: user.username, role: user.role, avatarUrl: user.avatarUrl } })}
        user={user} isPro={isPro} sessions={sessions} now={NOW} />,
    );

  test('escapes the username and email everywhere', async () => {
    const out = await page();
    expectSafe(out);
    expect(out).toContain('<dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>');
    expect(out).toContain('<span>Your address is &quot;x&quot;&lt;img src=x&gt;@evil.test.</span>');
    expect(out).toContain('<dd>Administrator</dd>');
    // In attributes only the quote needs escaping.
    expect(out).toContain('value="&#34;x&#34;<img src=x>@evil.test"');
  });

  test('avatar control: a form that works without the script, the picture as its label and drop target', async () => {
    const out = await page();
    expect(out).toContain('<form class="avatar-editor__form" method="post" action="/account/avatar/upload" enctype="multipart/form-data" data-avatar-form>');
    expect(out).toContain('<input id="avatar-file" class="avatar-drop__input" name="file" type="file" accept="image/png,image/jpeg,image/webp" required');
    expect(out).toContain('<label class="avatar-drop" for="avatar-file" data-avatar-drop>');
    expect(out).toContain('>Choose a photo</span><span class="avatar-drop__or">or drop one here</span>');
    expect(out).toContain('<p id="avatar-hint" class="avatar-editor__hint">PNG, JPEG or WebP, up to 2 MB.</p>');
    expect(out).toMatch(/role="status" aria-live="polite" data-avatar-status/);
    expect(out).toContain('data-msg-size="Images must be 2 MB or smaller."');
    expect(out).toContain('data-msg-chosen="{name} ({size})"');
    expect(out).toContain('<script src="/assets/js/avatar-upload.js" defer></script>');
    // No picture yet: initials, and no Remove button to press.
    expect(out).toContain('<form method="post" action="/account/avatar/remove" class="avatar-editor__remove" hidden data-avatar-remove-form>');
    expect(out.match(/data-viewer-avatar/g)).toHaveLength(2); // header and page
  });

  test('a refused photo is said in the form, its input marked', async () => {
    const out = await render(
      <AccountPage ctx={makeCtx({ path: '/account' })} user={evilUser} isPro={false} sessions={sessions} now={NOW} problems={{ avatar: { message: 'Use a PNG, JPEG or WebP image.', field: 'file' } }} />,
    );
    expect(out).toContain('aria-describedby="avatar-problem avatar-hint" aria-invalid="true"');
    expect(out).toContain('<p class="notice notice--error" role="alert" id="avatar-problem">Use a PNG, JPEG or WebP image.</p>');
  });

  test('password: set one when there is none, change it (current one asked) when there is', async () => {
    const none = await page();
    expect(none).not.toContain('name="current_password"');
    expect(none).toContain('>Set password</button>');
    const has = await render(<AccountPage ctx={makeCtx({ path: '/account' })} user={evilUser} isPro={false} sessions={sessions} now={NOW} hasPassword />);
    expect(has).toContain('<input id="password-current" name="current_password" type="password" required maxlength="256" autocomplete="current-password"');
    expect(has).toContain('autocomplete="new-password"');
    expect(has).toContain('>Change password</button>');
  });

  test('free and Pro plans', async () => {
    expect(await page()).toContain('>Free</span>');
    const pro = await page('en', true, { ...evilUser, username: 'ada', avatarUrl: '/objects/a.png' });
    expect(pro).toContain('badge--pro">Pro</span>');
    expect(pro).toContain('Pro features are unlocked.');
    expect(pro).toContain('<form method="post" action="/account/avatar/remove" class="avatar-editor__remove" data-avatar-remove-form>');
  });

  test('sessions: this device first, with a /logout form; others removed by htmx', async () => {
    const out = await page();
    const items = out.match(/<li class="session">.*?<\/li>/gs) ?? [];
    expect(items).toHaveLength(2);
    const [mine, other] = items as [string, string];
    expect(mine).toContain('Firefox 128 on Linux');
    expect(mine).toContain('<span class="badge badge--current">This device</span>');
    expect(mine).toContain('<form method="post" action="/logout">');
    expect(mine).not.toContain('hx-delete');
    // ICU may put a narrow no-break space before "AM".
    expect(mine).toMatch(/<time datetime="2025-03-12T11:59:50Z" title="March 12, 2025 at 11:59:50\sAM UTC">now<\/time>/);

    expect(other).toContain('Chrome on Android &lt;b&gt;');
    expect(other).toContain('203.0.113.9');
    expect(other).toContain('hx-delete="/api/sessions/other-1"');
    expect(other).toContain('hx-target="closest li"');
    expect(other).toContain('hx-swap="delete"');
    expect(other).toContain('hx-confirm="Sign out Chrome on Android <b>?"');
    expect(other).toContain('>3 hours ago</time>');
    expect(other).not.toContain('This device');
  });

  test('speaks Portuguese', async () => {
    const out = await page('pt', true);
    expect(out).toContain('<html lang="pt"');
    expect(out).toContain('<title>Sua conta · Chapterhouse</title>');
    expect(out).toContain('<h2 id="account-sessions">Aparelhos conectados</h2>');
    expect(out).toContain('Este aparelho');
    expect(out).toContain('>há 3 horas</time>');
    expect(out).toContain('>Sair deste aparelho</button>');
    expect(out).toContain('data-msg-type="Use uma imagem PNG, JPEG ou WebP."');
    expect(out).toContain('Os recursos Pro estão liberados.');
    expect(out).not.toContain('This device');
  });
});
