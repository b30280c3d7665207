import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import type { AiProvider } from '../ai/provider.ts';

/** Machine translation of chapters into the five locales, per-book glossaries. */
export function translationRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, ai: AiProvider) {
  void platform, env, ai;
  return new Elysia({ name: 'translation' }).use(auth);
}
