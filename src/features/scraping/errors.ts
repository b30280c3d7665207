import type { SourceError } from '../../integrations/sources/index.ts';

/** What a task's error list says about a failed request, in words an admin understands. */
const WORDS: Record<SourceError['kind'], string> = {
  unsupported_url: 'Not a book page of a configured source',
  forbidden_address: 'The source resolves to a private address; refused',
  blocked: 'The source blocked the request (a Cloudflare check page)',
  rate_limited: 'The source kept rate limiting after every wait',
  not_found: 'The source says this page does not exist',
  timeout: 'The source did not answer in time',
  too_large: 'The page was larger than the size limit',
  empty: 'The chapter came back empty every time',
  http: 'The source answered with an error',
  parse: 'The page did not have the expected structure',
};

export function describeSourceError(error: SourceError): string {
  const base = WORDS[error.kind] ?? error.message;
  return error.kind === 'http' && error.status ? `${base} (HTTP ${error.status})` : base;
}

/** The admin cancelled the task; it stops before its next chapter. */
export class TaskCancelled extends Error {
  override name = 'TaskCancelled';
  constructor() {
    super('Cancelled by an admin');
  }
}
