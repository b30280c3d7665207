import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin, Caller } from '../../platform/http/auth.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { addResponseCookie } from '../../platform/http/request-context.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { SettingsPage } from '../../../views/pages/settings/SettingsPage.tsx';
import type { SettingsField, SettingsPatch } from './model.ts';
import { SETTINGS_FIELDS, SettingsFormSchema, SettingsPatchSchema, SettingsSchema, unknownField } from './model.ts';
import { appearanceCookies, changedAppearanceCookies, withAppearance } from './appearance.ts';
import { readSettingsForm } from './form.ts';
import { privacyOf, saveSettings, settingsRowOf, storedAppearance, toSettings } from './service.ts';
import type { SettingsRow, SettingsRowPatch } from './queries.ts';
import { dialogueVoicesFor, effectiveDialogueVoice, splitStoredVoice, voiceColumn } from './dialogue.ts';
import { appearanceRoutes } from './preferences/routes.ts';
import { privacyRoutes } from './privacy-routes.ts';
import type { SpeechCatalog } from '../../integrations/tts/index.ts';
import { checkOfferedVoice, effectiveVoice, isAcceptedVoice, offeredVoices } from './voices.ts';

/**
 * GET|PUT /api/settings (JSON, signed in or anonymous), the /settings page with its no-JS form,
 * and POST /prefs (the appearance menu), which writes the same settings.
 */
export function settingsRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, speech: SpeechCatalog) {
  const { db } = platform;
  const secure = platform.config.baseUrl.startsWith('https:');
  /** The fields as a client sees them: the voice is one /api/voices offers, the dialogue voice one of its language or null. */
  const settingsFrom = async (row: SettingsRow | undefined) => {
    const { dialogue_voice: stored, ...settings } = toSettings(row);
    const voice = await effectiveVoice(speech, splitStoredVoice(row?.voice).voice);
    const dialogue = await effectiveDialogueVoice(speech, voice, stored ?? null);
    return dialogue ? { ...settings, voice, dialogue_voice: dialogue } : { ...settings, voice };
  };
  /** The patch as stored: the dialogue voice goes into the voice column (dialogue.ts); 400 when it cannot read the voice's dialogue. */
  const rowPatch = async (reader: Caller['reader'], patch: SettingsPatch): Promise<SettingsRowPatch> => {
    const { dialogue_voice: asked, ...rest } = patch;
    const dialogue_voice = asked === '' ? null : asked;
    const stored = (await settingsRowOf(db, reader))?.voice;
    const voice = await voiceColumn(speech, stored, await effectiveVoice(speech, splitStoredVoice(stored).voice), { voice: patch.voice, dialogue_voice });
    return voice === undefined ? rest : { ...rest, voice };
  };

  /** The page as the reader sees it: stored choices win over stale cookies, which are refreshed. */
  async function renderPage(request: Request, caller: Caller, extra: { saved?: boolean; invalid?: SettingsField[]; privacySaved?: boolean }, status = 200) {
    const row = await settingsRowOf(db, caller.reader);
    const privacy = caller.user ? { username: caller.user.username, ...(await privacyOf(db, caller.user.id)), saved: extra.privacySaved ?? false } : null;
    const stored = storedAppearance(row);
    for (const cookie of changedAppearanceCookies(request, stored, secure)) addResponseCookie(request, cookie);
    const ctx = withAppearance(pageContext(request, env), stored);
    // Fields never chosen show what the page really uses (cookie or browser language), not the default.
    const settings = { ...(await settingsFrom(row)), theme: ctx.theme, locale: ctx.locale, font_family: ctx.fontFamily, font_size: ctx.fontSize };
    const voices = await offeredVoices(speech);
    const dialogueVoices = dialogueVoicesFor(voices, settings.voice);
    const page = SettingsPage({ ctx, settings, voices, dialogueVoices, signedIn: caller.user !== null, saved: extra.saved ?? false, invalid: extra.invalid ?? [], privacy });
    return htmlResponse(page, status, { 'cache-control': 'no-store' });
  }

  /**
   * The form's dialogue select lists the voices of the voice saved before: when the voice changes
   * and the dialogue choice was left as it was, it is kept only while it speaks the new voice's language.
   */
  const formDialogue = async (reader: Caller['reader'], patch: SettingsPatch): Promise<SettingsPatch> => {
    const stored = splitStoredVoice((await settingsRowOf(db, reader))?.voice);
    const untouched = patch.voice !== undefined && patch.voice !== stored.voice && (patch.dialogue_voice ?? null) === stored.dialogue_voice;
    return untouched ? { ...patch, dialogue_voice: undefined } : patch;
  };

  return new Elysia({ name: 'settings' })
    .use(auth)
    .use(appearanceRoutes({ db, auth, secureCookies: secure }))
    .use(privacyRoutes(db, auth))
    // The profile page needs the page environment, which app.ts does not hand to followsRoutes.
    .get('/api/settings', async ({ caller }) => settingsFrom(await settingsRowOf(db, caller.reader)), {
      response: SettingsSchema,
      detail: { tags: ['reading'], summary: 'The reader’s settings, every field with its default' },
    })
    .put(
      '/api/settings',
      async ({ body, caller, request }) => {
        await checkOfferedVoice(speech, body.voice);
        const row = await saveSettings(db, caller.reader, await rowPatch(caller.reader, body));
        // Server-rendered pages read these cookies, so the change shows on the next page at no cost.
        for (const cookie of appearanceCookies(storedAppearance(row), secure)) addResponseCookie(request, cookie);
        return settingsFrom(row);
      },
      {
        transform: ({ body }) => {
          const field = unknownField(body);
          if (field !== undefined) throw badRequest(`${field}: unknown setting (expected one of ${SETTINGS_FIELDS.join(', ')})`);
        },
        body: SettingsPatchSchema,
        response: SettingsSchema,
        detail: { tags: ['reading'], summary: 'Change any of the settings; answers all of them' },
      },
    )
    .get('/settings', ({ request, caller, query }) => renderPage(request, caller, { saved: query.saved === '1', privacySaved: query.privacy === 'saved' }), {
      query: t.Object({ saved: t.Optional(t.String({ maxLength: 8 })), privacy: t.Optional(t.String({ maxLength: 8 })) }),
      detail: { hide: true },
    })
    .post(
      '/settings',
      async ({ body, request, caller }) => {
        const { patch, invalid } = readSettingsForm(body);
        // A well-formed voice id the schema let through may still be one this server does not offer.
        const voice = body.voice;
        if (voice !== undefined && !invalid.includes('voice') && !(await isAcceptedVoice(speech, voice))) {
          return renderPage(request, caller, { invalid: SETTINGS_FIELDS.filter((field) => field === 'voice' || invalid.includes(field)) }, 400);
        }
        if (invalid.length > 0) return renderPage(request, caller, { invalid }, 400);
        let checked: SettingsRowPatch;
        try {
          checked = await rowPatch(caller.reader, await formDialogue(caller.reader, patch));
        } catch (error) {
          if (!(error instanceof AppError) || error.status !== 400) throw error;
          return renderPage(request, caller, { invalid: ['dialogue_voice'] }, 400);
        }
        const row = await saveSettings(db, caller.reader, checked);
        for (const cookie of appearanceCookies(storedAppearance(row), secure)) addResponseCookie(request, cookie);
        return new Response(null, { status: 303, headers: { location: '/settings?saved=1' } });
      },
      { body: SettingsFormSchema, detail: { hide: true } },
    );
}
