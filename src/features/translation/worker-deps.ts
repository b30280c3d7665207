import { aiJobDeps } from '../ai/worker-deps.ts';
import type { TranslationJobDeps } from './job.ts';

/** The translation job's AI client inside its worker thread, from the process's environment (the AI jobs' own). */
export function translationJobDeps(env: Record<string, string | undefined> = process.env): TranslationJobDeps {
  return aiJobDeps(env);
}
