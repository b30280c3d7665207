import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { SourceError } from './types.ts';

/**
 * What the scraper may fetch (no SSRF): http(s) URLs on the origin of a configured source, and
 * only when the host does not resolve to a loopback, private, link-local, CGNAT or otherwise
 * internal address, unless the configured base itself names such a host (a local site in tests
 * and demos). Every redirect hop is checked again by the fetcher.
 */
export type Lookup = (hostname: string) => Promise<string[]>;

export const dnsLookup: Lookup = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

const PUBLIC = new Set(['unicast']);

function isInternalAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return !PUBLIC.has(parsed.range());
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

export class UrlGuard {
  readonly #origins: Set<string>;
  /** Hosts the operator configured that are themselves internal (allowed on purpose). */
  readonly #trustedInternal: Set<string>;

  /** `configured`: the bases the operator set (SOURCE_BASE_URL…), the only ones that may be internal. */
  constructor(
    bases: readonly string[],
    configured: readonly string[],
    private readonly resolve: Lookup = dnsLookup,
  ) {
    this.#origins = new Set(bases.map((b) => new URL(b).origin));
    this.#trustedInternal = new Set(configured.map((b) => bareHost(new URL(b).hostname)));
  }

  /** The parsed URL, or a SourceError('unsupported_url'). Offline: no DNS. */
  allowedUrl(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new SourceError('unsupported_url', 'Not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SourceError('unsupported_url', 'Only http and https pages of a configured source can be scraped');
    if (url.username || url.password) throw new SourceError('unsupported_url', 'URLs with credentials are refused');
    if (!this.#origins.has(url.origin)) throw new SourceError('unsupported_url', `${url.host} is not a configured source`);
    return url;
  }

  /** Before connecting: the host's addresses must be public, unless configured as they are. */
  async checkAddress(url: URL): Promise<void> {
    const host = bareHost(url.hostname);
    if (this.#trustedInternal.has(host)) return;
    const addresses = ipaddr.isValid(host)
      ? [host]
      : await this.resolve(host).catch(() => {
          throw new SourceError('http', `${host} could not be resolved`);
        });
    if (addresses.length === 0 || addresses.some(isInternalAddress)) throw new SourceError('forbidden_address', `${host} resolves to an internal address; refused`);
  }
}
