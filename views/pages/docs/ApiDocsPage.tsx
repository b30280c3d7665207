import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';

export type ApiOperation = { summary?: string; tags?: string[]; responses?: Record<string, unknown> };
export type ApiSpec = { paths: Record<string, Record<string, ApiOperation>> };
export type ApiDocsPageProps = { ctx: PageContext; spec: ApiSpec };

type Endpoint = { method: string; path: string; op: ApiOperation };

// A path item also holds `parameters`, `summary`, `servers`…: only these keys are operations.
const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'];

/** Endpoints grouped by their first tag, tags in alphabetical order, untagged ones last. */
export function groupEndpoints(spec: ApiSpec): Array<[tag: string | null, Endpoint[]]> {
  const groups = new Map<string | null, Endpoint[]>();
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? null;
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, op }]);
    }
  }
  return [...groups].sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)));
}

function EndpointItem({ endpoint: { method, path, op }, responsesLabel }: { endpoint: Endpoint; responsesLabel: string }): JSX.Element {
  const codes = Object.keys(op.responses ?? {});
  return (
    <li class="endpoint">
      <span class={`method method--${method}`} safe>
        {method.toUpperCase()}
      </span>
      <code class="endpoint__path" safe>
        {path}
      </code>
      {op.summary ? (
        <span class="endpoint__summary" safe>
          {op.summary}
        </span>
      ) : (
        ''
      )}
      {codes.length > 0 ? (
        <span class="endpoint__responses">
          <span class="visually-hidden" safe>
            {responsesLabel}
          </span>
          {codes.map((code) => (
            <span class="status-code" safe>
              {code}
            </span>
          ))}
        </span>
      ) : (
        ''
      )}
    </li>
  );
}

/** A readable rendering of /api/openapi.json served by us: no CDN, no script. */
export function ApiDocsPage({ ctx, spec }: ApiDocsPageProps): JSX.Element {
  const { t } = ctx;
  const groups = groupEndpoints(spec);
  return (
    <Layout ctx={ctx} title={t('apiDocs.title')}>
      <section class="api-docs">
        <h1 safe>{t('apiDocs.title')}</h1>
        <p safe>{t('apiDocs.intro')}</p>
        <p>
          <a href="/api/openapi.json" type="application/json" safe>
            {t('apiDocs.raw')}
          </a>
        </p>
        {groups.length === 0 ? <p class="empty-state" safe>{t('apiDocs.empty')}</p> : ''}
        {groups.map(([tag, endpoints], index) => (
          <section class="api-docs__group" aria-labelledby={`api-group-${index}`}>
            <h2 id={`api-group-${index}`} safe>
              {tag ?? t('apiDocs.untagged')}
            </h2>
            <ul class="endpoints" role="list">
              {endpoints.map((endpoint) => (
                <EndpointItem endpoint={endpoint} responsesLabel={t('apiDocs.responses')} />
              ))}
            </ul>
          </section>
        ))}
      </section>
    </Layout>
  );
}
