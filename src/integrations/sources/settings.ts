import { SITES, type SourceId } from './registry.ts';
import type { SourceLimits } from './types.ts';

/**
 * Where each source is read: the real site, or the base URL its environment variable names (a
 * local site in tests and demos). Every name here comes from the registry's sites.
 */
type SettingOf<S> = S extends { setting: infer T extends { env: string; key: string } } ? T : never;
type Setting = SettingOf<(typeof SITES)[number]>;
export type SourceEnvName = Setting['env'];

/** Each configurable site's base URL (novelfireBaseUrl: SOURCE_BASE_URL, …); null: the real site. */
export type SourceBaseUrls = { [K in Setting['key']]: string | null };

export type SourcesConfig = SourceBaseUrls & SourceLimits;

/** The configurable sites' variables, in registry order. */
export const SOURCE_SETTINGS: readonly Setting[] = SITES.flatMap((site) => ('setting' in site ? [site.setting as Setting] : []));

export const DEFAULT_BASES = Object.fromEntries(SITES.map((site) => [site.id, site.defaultBaseUrl])) as Record<SourceId, string>;

/** The base URLs an environment names: trimmed, without a trailing slash; unset or empty is null. */
export function sourceBaseUrlsFromEnv(env: Partial<Record<string, unknown>>): SourceBaseUrls {
  const base = (name: string) => {
    const value = env[name];
    return (typeof value === 'string' ? value.trim().replace(/\/+$/, '') : '') || null;
  };
  return Object.fromEntries(SOURCE_SETTINGS.map((s) => [s.key, base(s.env)])) as SourceBaseUrls;
}

/** The base URL fields of a larger object (the process configuration's content section). */
export function pickSourceBaseUrls(from: SourceBaseUrls): SourceBaseUrls {
  return Object.fromEntries(SOURCE_SETTINGS.map((s) => [s.key, from[s.key]])) as SourceBaseUrls;
}

/** The sites this configuration scrapes: a setting replaces its site's base; fixed mirrors stay. */
export function sourceBases(config: SourceBaseUrls): Record<SourceId, string> {
  const baseOf = (site: (typeof SITES)[number]) => ('setting' in site ? (config[site.setting.key as Setting['key']] ?? site.defaultBaseUrl).replace(/\/+$/, '') : site.defaultBaseUrl);
  return Object.fromEntries(SITES.map((site) => [site.id, baseOf(site)])) as Record<SourceId, string>;
}

/** The bases the operator set, the only ones that may be internal addresses (guard.ts). */
export function configuredBases(config: SourceBaseUrls): string[] {
  return SOURCE_SETTINGS.map((s) => config[s.key]).filter((b): b is string => !!b);
}
