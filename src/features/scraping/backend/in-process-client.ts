import { Value } from '@sinclair/typebox/value';
import { ValidationError } from 'elysia';
import { AppError } from '../../../platform/http/errors.ts';
import { validationMessage } from '../../../platform/http/validation-message.ts';
import { startRange, startScrape, type ScrapingDeps } from '../service.ts';
import { RangeBody } from '../model.ts';
import type { BackendReply, ScraperClient } from './client.ts';

/**
 * Without SCRAPER_URL: the backend's work done here and now, without a second pass through the
 * app (CSRF, auth, body parsing). It checks what the backend route checks and words a refusal as
 * the app's error handler words it there, so the admin gets the same status and body.
 */
export function createInProcessScraperClient(deps: ScrapingDeps): ScraperClient {
  return {
    scrapeBook: (body, initiatorId) => accepted(async () => ({ task_id: await startScrape(deps, body, initiatorId) })),
    async scrapeRange(request, initiatorId) {
      const input = { ...request, initiator_id: initiatorId };
      // The backend route's schema, and the message its validation failure gets.
      if (!Value.Check(RangeBody, input)) return refused(new AppError(400, 'invalid_request', validationMessage(new ValidationError('body', RangeBody, input))));
      return accepted(() => startRange(deps, input, initiatorId));
    },
  };
}

/** 202 with the service's answer; a refusal it throws (400, 409) as a reply; anything else propagates (a 5xx). */
async function accepted(work: () => Promise<unknown>): Promise<BackendReply> {
  try {
    return { status: 202, body: await work() };
  } catch (error) {
    if (error instanceof AppError) return refused(error);
    throw error;
  }
}

function refused(error: AppError): BackendReply {
  return { status: error.status, body: { error: error.code, message: error.message } };
}
