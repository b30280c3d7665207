/**
 * `npm run demo:source`: the local source site on SOURCE_SITE_PORT (default 4010), with the demo's
 * faults on. Point Chapterhouse at it to try scraping without reaching any real site.
 */
import { IRON_ARCHIVE, startSourceSite } from './index.ts';

const site = await startSourceSite({ port: Number(process.env.SOURCE_SITE_PORT ?? 4010), demoFaults: true });
console.log(`Local source site at ${site.url}
  SOURCE_BASE_URL=${site.novelfireUrl} SOURCE_ROYALROAD_URL=${site.royalroadUrl} npm start
  then, as an admin, scrape ${site.novelfireUrl}/book/${IRON_ARCHIVE} (300 chapters)
  or ${site.royalroadUrl}/fiction/4242/the-cartographers-war`);
process.on('SIGINT', () => void site.close().then(() => process.exit(0)));
