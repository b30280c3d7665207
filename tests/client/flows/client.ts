import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '../generated/api.ts';

/** The mobile app's view of the server: the generated paths, nothing hand-written. */
export type Api = Client<paths>;

export interface Server {
  baseUrl: string;
  /** Checks every answer against the document (tests/client/validate.ts). */
  validator: Middleware;
  /** Fetches a URL the server handed out (a presigned object link), as a media player would. */
  fetchLink(url: string): Promise<Response>;
}

/** A client as the app holds it: signed in with a Bearer token, or anonymous. */
export function connect(server: Server, token?: string): Api {
  const client = createClient<paths>({ baseUrl: server.baseUrl, headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  client.use(server.validator);
  return client;
}
