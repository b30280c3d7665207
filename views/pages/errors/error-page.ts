import type { ErrorPageRenderer } from '../../../src/platform/http/error-handler.ts';
import { ErrorPage } from './ErrorPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/** The page of a failed request: 404 has its own. src/app.ts hands it to the platform's error handler. */
export const errorPage: ErrorPageRenderer = (ctx, status, message) =>
  status === 404 ? NotFoundPage({ ctx }) : ErrorPage({ ctx, requestId: ctx.requestId, status, message });
