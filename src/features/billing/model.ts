import { t, type Static } from 'elysia';
import type { WebhookOutcome } from './service.ts';
import type { ProState } from './checkout.ts';

/** What became of a verified payment event (service.ts applyWebhook). */
const Outcome = t.Union(
  [t.Literal('duplicate'), t.Literal('unknown_user'), t.Literal('stale'), t.Literal('ignored'), t.Literal('admin'), t.Literal('applied'), t.Literal('unchanged')],
  { description: 'duplicate: a replay, acknowledged once; unknown_user: no account pays with that customer; stale: older than an event already applied; ignored, admin, applied, unchanged: what the event did to the role' },
);
// The service names the outcomes too: tsc fails here when the two lists differ.
true satisfies [Static<typeof Outcome>, WebhookOutcome] extends [WebhookOutcome, Static<typeof Outcome>] ? true : never;

export const WebhookAck = t.Object({ received: t.Boolean(), outcome: Outcome });

/** The provider's page to go to: checkout, or the customer portal. */
export const ProviderPage = t.Object({ url: t.String() });

export const ProStatus = t.Object(
  { role: t.Union([t.Literal('user'), t.Literal('pro'), t.Literal('admin')]), pro: t.Boolean(), pro_until: t.Union([t.String(), t.Null()]) },
  { title: 'ProStatus' },
);
true satisfies [Static<typeof ProStatus>, ProState] extends [ProState, Static<typeof ProStatus>] ? true : never;
