/**
 * `npm run demo:source`: the local source site on SOURCE_SITE_PORT (default 4010), with one of each
 * fault on (index.ts demoFaults). Point Chapterhouse at it to try scraping without any real site.
 */
import { IRON_ARCHIVE, RR_FICTION_ID, RR_SLUG, startSourceSite } from './index.ts';

const site = await startSourceSite({ port: Number(process.env.SOURCE_SITE_PORT ?? 4010), demoFaults: true });
console.log(`Local source site at ${site.url}
  SOURCE_BASE_URL=${site.novelfireUrl}
  SOURCE_ROYALROAD_URL=${site.royalroadUrl}
Start Chapterhouse with those two set, then, as an admin, scrape
  ${site.novelfireUrl}/book/${IRON_ARCHIVE}   (300 chapters; a 429, a rate-limited page, an empty body, a Cloudflare page, a hang and a 502 on the way)
  ${site.royalroadUrl}/fiction/${RR_FICTION_ID}/${RR_SLUG}
or check the selectors: SOURCE_BASE_URL=${site.novelfireUrl} SOURCE_ROYALROAD_URL=${site.royalroadUrl} bun run sources:check`);
const stop = () => void site.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
