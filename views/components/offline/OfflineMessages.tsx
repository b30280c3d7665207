import type { MessageKey } from '../../../src/platform/i18n/index.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';

/**
 * The messages the offline scripts show, as JSON in a data attribute (no script element: every
 * <script> of a page has a src, CSP): raw templates with their {placeholders}; counted ones as
 * `key_one` and `key_other`, which public/js/offline/messages.js picks with Intl.PluralRules like
 * the server does.
 */
export function OfflineMessages({ ctx, keys }: { ctx: PageContext; keys: readonly MessageKey[] }): JSX.Element {
  const messages = Object.fromEntries(keys.map((key) => [key, ctx.t(key)]));
  return <div id="offline-messages" hidden data-messages={JSON.stringify(messages)}></div>;
}
