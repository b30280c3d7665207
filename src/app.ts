import { Elysia, type AnyElysia } from 'elysia';
import type { BootedPlatform } from './platform/boot.ts';
import type { AssetTable } from './platform/http/assets.ts';
import { assetRoutes } from './platform/http/assets.ts';
import { errorHandler } from './platform/http/error-handler.ts';
import { errorPage } from '../views/pages/errors/error-page.ts';
import { csrfGuard } from './platform/http/csrf.ts';
import type { OriginPolicy } from './platform/http/public-origin.ts';
import { jsonObjectBodies } from './platform/http/json-object-body.ts';
import { bodyLimit } from './platform/http/body-limit.ts';
import { MAX_OBJECT_UPLOAD_BYTES, requestBodyLimits } from './request-body-limits.ts';
import { createRequestHandler, type Handler } from './platform/http/server.ts';
import { securityHeaders } from './platform/http/security-headers.ts';
import type { PageEnvironment } from './platform/http/page.ts';
import { objectRoutes } from './platform/objects/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { coverRoutes } from './features/covers/routes.ts';
import { drawnCoverRoutes } from './features/covers/drawn/routes.ts';
import { catalogueRoutes } from './features/catalogue/routes.ts';
import { createCatalogueListings } from './features/catalogue/listings.ts';
import { homeRoutes } from './features/home/routes.ts';
import { readerRoutes } from './features/reader/routes.ts';
import { progressRoutes } from './features/progress/routes.ts';
import { markStartedReading } from './features/library/service.ts';
import { settingsRoutes } from './features/settings/routes.ts';
import { libraryRoutes } from './features/library/routes.ts';
import { followsRoutes } from './features/follows/routes.ts';
import { commentsRoutes } from './features/comments/routes.ts';
import { ratingsRoutes } from './features/ratings/routes.ts';
import { discoveryRoutes } from './features/discovery/routes.ts';
import { notificationsRoutes } from './features/notifications/routes.ts';
import { audioRoutes, type AudioRouteOptions } from './features/audio/routes.ts';
import { createTtsRegistry } from './integrations/tts/index.ts';
import { seoRoutes } from './features/seo/routes.ts';
import { scrapingRoutes } from './features/scraping/routes.ts';
import { bookScraping } from './features/scraping/admin/book-scraping.ts';
import { catalogueAdminRoutes } from './features/catalogue/admin/routes.ts';
import { importRoutes } from './features/imports/routes.ts';
import { dedupRoutes } from './features/dedup/routes.ts';
import { adminDashboardRoutes } from './features/admin/dashboard-routes.ts';
import { aiProvider } from './features/ai/provider.ts';
import { aiRoutes } from './features/ai/routes.ts';
import { translationRoutes } from './features/translation/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { policyOf } from './features/policy/service.ts';
import { policyRoutes } from './features/policy/routes.ts';
import { proForSale, translationOffered } from './features/policy/defaults.ts';
import { exportRoutes } from './features/export/routes.ts';
import { exportsRoutes } from './features/exports/routes.ts';
import { opdsRoutes } from './features/opds/routes.ts';
import { withAppPasswordDownloads } from './features/opds/basic-auth.ts';
import { kosyncRoutes } from './features/kosync/routes.ts';
import { offlineRoutes } from './features/offline/routes.ts';
import { docsRoutes } from './features/docs/routes.ts';
import { API_INFO, buildApiDocument } from './features/docs/openapi/build.ts';
import type { OpenApiDocument } from './features/docs/openapi/types.ts';
import { authPlugin } from './platform/http/auth.ts';
import { createCallerResolver, type AccountsDeps } from './features/accounts/service.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import type { AccountRemoval } from './features/accounts/admin/access.ts';
import { loginProvidersFrom } from './features/accounts/signin/providers.ts';
import { accountDataRoutes } from './features/account-data/routes.ts';
import { deleteAccount } from './features/account-data/deletion.ts';
import { metricsRoutes } from './features/metrics/routes.ts';
import { routeLabels } from './platform/http/metrics/route-label.ts';
import { JOB_KINDS } from './jobs.ts';

/** One Elysia app composed of one plugin per feature (DESIGN rule 2). */
/** Test-only seams; production passes nothing. */
export interface AppOptions {
  /** Routes login-provider HTTP calls (token, profile) to local stand-ins. */
  oauthFetch?: typeof fetch;
  /** Fake speech engines (tests/support/audio-engines.ts). */
  audio?: AudioRouteOptions;
}

export function createApp(platform: BootedPlatform, assets: AssetTable, options: AppOptions = {}) {
  const { config } = platform;
  const env: PageEnvironment = { baseUrl: config.baseUrl, asset: assets.url, offers: { translation: translationOffered(config), proForSale: proForSale(config.payments) } };
  let document: OpenApiDocument | null = null;
  const accounts: AccountsDeps = {
    db: platform.db, cache: platform.cache, objects: platform.objects, config, authSecret: platform.authSecret, log: platform.log, clock: platform.clock,
    proFeaturesOpen: async () => (await policyOf(platform).current()).pro_features_open,
  };
  const providers = loginProvidersFrom(config, options.oauthFetch);
  const resolveCaller = createCallerResolver(accounts);
  // Admins delete accounts with the reader's own deletion: account-data's, handed to accounts (which it imports).
  const removeAccount: AccountRemoval = (userId, confirm, during) => deleteAccount(platform, userId, confirm, during).then(() => undefined);
  // The EPUB download also takes an e-reader's app password (features/opds/basic-auth.ts).
  const auth = authPlugin(withAppPasswordDownloads(resolveCaller, { db: platform.db, clock: platform.clock }));
  // One catalogue of voices for every feature, so none disagrees with /api/voices.
  const ai = aiProvider(config, platform.log);
  const speech = options.audio?.speech ?? createTtsRegistry({ engines: config.tts.engines, openai: config.tts.openai });
  // One catalogue index per process, for every listing (the catalogue's pages and API, OPDS).
  const listings = createCatalogueListings(platform);
  // Recording progress moves a book saved for later to the "reading" shelf: the library's rule, handed to progress.
  const startedReading = (userId: string, slug: string) => markStartedReading(platform.db, userId, slug);
  // Features in four groups, so that the type of the whole app (App, with every route) stays within the compiler's depth.
  const siteAndAccounts = new Elysia()
    .use(assetRoutes(assets))
    .use(healthRoutes(platform))
    .use(metricsRoutes({ db: platform.db, clock: platform.clock, jobKinds: JOB_KINDS.map((k) => k.kind) }, config.metricsToken))
    .use(drawnCoverRoutes(platform.db))
    .use(coverRoutes(platform.objects))
    .use(accountRoutes(accounts, auth, providers, env, removeAccount))
    .use(accountDataRoutes(platform, auth, env))
    .use(homeRoutes(platform, auth, env))
    .use(catalogueRoutes(platform, auth, env, listings));
  const reading = new Elysia()
    .use(readerRoutes(platform, auth, env))
    .use(progressRoutes(platform, auth, startedReading))
    .use(settingsRoutes(platform, auth, env, speech))
    .use(libraryRoutes(platform, auth, env))
    .use(followsRoutes(platform, auth, env))
    .use(commentsRoutes(platform, auth, env))
    .use(ratingsRoutes(platform, auth, env))
    .use(discoveryRoutes(platform, auth, env));
  const listeningAndAdmin = new Elysia()
    .use(notificationsRoutes(platform, auth, env))
    .use(audioRoutes(platform, auth, env, { ...options.audio, speech }))
    .use(scrapingRoutes(platform, auth, env))
    // The book pages start scrapes: scraping is passed in, since scraping writes books through the catalogue.
    .use(catalogueAdminRoutes(platform, auth, env, bookScraping(platform)))
    .use(importRoutes(platform, auth, env))
    .use(dedupRoutes(platform, auth, env))
    .use(adminDashboardRoutes(platform, auth, env))
    .use(aiRoutes(platform, auth, env, ai));
  const clientsAndBilling = new Elysia()
    .use(translationRoutes(platform, auth, env, ai))
    .use(billingRoutes(platform, auth, env))
    .use(policyRoutes(platform, auth, env))
    .use(exportRoutes(platform, auth))
    .use(exportsRoutes(platform, auth, env, speech))
    .use(opdsRoutes(platform, auth, env, listings))
    .use(kosyncRoutes(platform, auth, startedReading))
    .use(offlineRoutes(platform, auth, env, assets, speech))
    .use(seoRoutes(platform, auth, env));
  // The document describes the finished app, which is only known once it is built.
  let built: AnyElysia | null = null;
  const app = new Elysia()
    // Before the error handler: its onError answers, and later error hooks would not run.
    .use(routeLabels())
    .use(errorHandler(env, platform.log, resolveCaller, errorPage))
    .use(csrfGuard(originPolicy(config), platform.log))
    .use(bodyLimit(requestBodyLimits(config)))
    .use(jsonObjectBodies())
    .use(auth)
    .use(siteAndAccounts)
    .use(reading)
    .use(listeningAndAdmin)
    .use(clientsAndBilling)
    .use(docsRoutes(async () => (document ??= await buildDocument(built!)), env));
  built = app;
  if (platform.objects.kind === 'fs') app.use(objectRoutes(platform.objects, { secret: platform.objectSigningKey, maxUploadBytes: MAX_OBJECT_UPLOAD_BYTES }));
  return app;
}

export type App = ReturnType<typeof createApp>;

function originPolicy(config: BootedPlatform['config']): OriginPolicy {
  return { fixed: config.baseUrlFixed ? new URL(config.baseUrl).origin : null, trustProxy: config.trustProxy };
}

/** Built on first request: the generator is loaded only when someone reads the API description. */
async function buildDocument(app: AnyElysia): Promise<OpenApiDocument> {
  const { document } = await buildApiDocument(app, API_INFO);
  return document;
}

/** The app behind request ids, logging, security headers and compression. */
export function createHandler(platform: BootedPlatform, assets: AssetTable, options: AppOptions = {}): Handler {
  const app = createApp(platform, assets, options);
  const objectOrigin = platform.config.s3 ? new URL(platform.config.s3.publicUrl).origin : null;
  return createRequestHandler((request) => app.handle(request), {
    log: platform.log,
    secureCookies: platform.config.baseUrl.startsWith('https:'),
    bodyLimits: requestBodyLimits(platform.config),
    trustProxy: platform.config.trustProxy,
    origins: originPolicy(platform.config),
    headers: securityHeaders({ objectOrigin, https: platform.config.baseUrl.startsWith('https:') }),
  });
}
