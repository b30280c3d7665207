import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './platform/log.ts';
import { bootPlatform } from './platform/boot.ts';
import { loadAssets } from './platform/http/assets.ts';
import { createHandler } from './app.ts';
import { listen } from './platform/http/listen.ts';
import { requestBodyLimits } from './request-body-limits.ts';
import { seedDemoCatalogue } from './features/demo/seed.ts';
import { bumpCatalogueVersion } from './features/catalogue/version.ts';
import { startJobs } from './jobs.ts';
import { startWebProcesses, stopWithParent } from './platform/web-processes.ts';

/** config → platform → app; serves HTTP and/or runs jobs according to ROLE. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  const platform = await bootPlatform(config, log);
  if (config.seedDemo && config.role !== 'worker') {
    const { seeded } = await seedDemoCatalogue(platform.db, platform.objects);
    if (seeded) log.info('demo catalogue seeded', { books: seeded });
    if (seeded) await bumpCatalogueVersion(platform.cache);
  }

  const jobs = config.role === 'web' ? null : await startJobs(platform);
  const server =
    config.role === 'worker'
      ? null
      : listen({
          port: config.port,
          handler: createHandler(platform, loadAssets()),
          log,
          maxRequestBodySize: requestBodyLimits(config).ceiling,
          reusePort: !!process.env.REUSE_PORT || config.webProcesses > 1,
        });
  const webProcesses = server && config.webProcesses > 1 ? startWebProcesses(config.webProcesses - 1, server.port ?? config.port, log) : null;

  if (server) console.log(`Chapterhouse is ready at ${config.baseUrl === `http://localhost:${config.port}` ? `http://localhost:${server.port}` : config.baseUrl}`);
  else console.log('Chapterhouse worker is running');

  // Start-up leaves garbage behind (migrations, asset compression, the seed check): collect it once
  // so an idle server's resident memory reflects what it holds, not what it did.
  setTimeout(() => Bun.gc(true), 1000).unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    server?.stop();
    await webProcesses?.stop();
    await jobs?.stop();
    await platform.shutdown();
    process.exit(0);
  };
  stopWithParent(() => void stop('parent gone'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(`Chapterhouse failed to start: ${(error as Error).message}`);
  process.exit(1);
});
