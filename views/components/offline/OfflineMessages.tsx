import type { MessageKey } from '../../i18n/index.ts';
import type { PageContext } from '../../context.ts';

/**
 * The messages the offline scripts show, as a JSON data block (never executed, so the CSP allows
 * it): raw templates with their {placeholders}; counted ones as `key_one` and `key_other`, which
 * public/js/offline/messages.js picks with Intl.PluralRules like the server does.
 */
export function OfflineMessages({ ctx, keys }: { ctx: PageContext; keys: readonly MessageKey[] }): JSX.Element {
  const messages = Object.fromEntries(keys.map((key) => [key, ctx.t(key)]));
  // "<" escaped so that no text can close the element.
  const json = JSON.stringify(messages).replace(/</g, '\\u003c');
  return (
    <script type="application/json" id="offline-messages">
      {json}
    </script>
  );
}
