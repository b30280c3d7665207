import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import type { AiProvider } from '../provider.ts';

/** Cover tools: image models, generation (text or image to image), save as cover, batch covers, metadata refresh, the cover studio page. */
export function aiCoverRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, ai: AiProvider) {
  void platform, env, ai;
  return new Elysia({ name: 'ai-covers' }).use(auth);
}
