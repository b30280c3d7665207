import { exitWithParent } from '../exit-with-parent.ts';
import { startAiServer } from './server.ts';

/** Runs the AI stand-in on its own (demos, browser journeys): prints its base URL, stops with stdin. */
const server = await startAiServer({ port: Number(process.argv[2] ?? 0) || 0 });
console.log(server.url);
exitWithParent(() => void server.stop());
