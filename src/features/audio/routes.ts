import { Elysia } from 'elysia';
import { createTtsRegistry, type SpeechCatalog } from '../../integrations/tts/index.ts';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { audioAdminRoutes } from './admin/routes.ts';
import { generateAudioKind } from './generation/kind.ts';
import { generationRoutes } from './generation/routes.ts';
import { voiceSampleRoutes } from './samples/routes.ts';
import type { AudioDeps } from './service.ts';
import type { FollowOptions } from './stream/live.ts';
import { streamRoutes } from './stream/routes.ts';
import { timingRoutes } from './timings/routes.ts';
import { voiceRoutes } from './voices/routes.ts';
import { pronunciationRoutes } from './pronunciation/routes.ts';
import { pronunciationPageRoutes } from './pronunciation/page-routes.ts';
import { policyOf } from '../policy/service.ts';

/** Test seams; production passes nothing and gets the engines of config.tts. */
export interface AudioRouteOptions {
  speech?: SpeechCatalog;
  follow?: FollowOptions;
}

/**
 * Audio of chapters (docs/api.md "Audio"), one sub-feature per folder: voices/ (the speech
 * catalogue), generation/ (jobs that narrate a chapter, their worker body and state), stream/
 * (serving audio: the stored file, the live stream, presigned links), timings/ (sentence timings
 * for the player's highlight), samples/ (a short clip per voice) and admin/ (the stored-audio
 * listing and deletion). The player itself is client-side (public/js/player/).
 */
export function audioRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, options: AudioRouteOptions = {}) {
  const { tts } = platform.config;
  const speech = options.speech ?? createTtsRegistry({ engines: tts.engines, openai: tts.openai });
  const deps: AudioDeps = {
    db: platform.db,
    cache: platform.cache,
    objects: platform.objects,
    speech,
    kind: generateAudioKind,
    follow: options.follow,
    clock: platform.clock,
    policy: policyOf(platform),
    log: platform.log,
  };
  return new Elysia({ name: 'audio' })
    .use(voiceRoutes(speech))
    .use(generationRoutes(deps, auth))
    .use(streamRoutes(deps, auth))
    .use(voiceSampleRoutes(platform, auth, speech))
    .use(audioAdminRoutes(platform, auth, env))
    .use(timingRoutes(deps, auth))
    .use(pronunciationRoutes(deps, auth))
    .use(pronunciationPageRoutes(deps, auth, env, platform.config.ai !== null));
}
