import type { Config, PaymentsConfig } from '../../config.ts';
import { FREE_CHAPTERS_PER_DAY } from '../limits/daily.ts';
import type { InstancePolicy } from './model.ts';

/** The site takes payments (decisions.md: POLAR_WEBHOOK_SECRET set). */
export const paymentsConfigured = (payments: PaymentsConfig): boolean => Boolean(payments.webhookSecret);

/**
 * Pro can be bought here: a checkout can start (POLAR_ACCESS_TOKEN, POLAR_PRODUCT_ID) and its
 * webhook can land (POLAR_WEBHOOK_SECRET). Only then is "Get Pro" offered: a button that ends at
 * "payments are not set up", or a payment that never unlocks anything, is worse than none.
 */
export const proForSale = (payments: PaymentsConfig): boolean => Boolean(payments.accessToken && payments.productId && payments.webhookSecret);

/** An AI service is configured, so "Translate" can work. */
export const translationOffered = (config: Pick<Config, 'ai'>): boolean => config.ai !== null;

/**
 * What holds until the owner saves a policy. A site that takes payments keeps the contract's
 * limits (3 and 3, Pro features for Pro); one that cannot sell Pro has no limits and opens the Pro
 * features to every signed-in reader (decision of 2026-11-28), keeping the numbers for the day the
 * owner switches the limits on.
 */
export function defaultPolicy(payments: PaymentsConfig): InstancePolicy {
  const paid = paymentsConfigured(payments);
  return {
    limits_enabled: paid,
    audio_chapters_per_day: FREE_CHAPTERS_PER_DAY,
    translations_per_day: FREE_CHAPTERS_PER_DAY,
    pro_features_open: !paid,
  };
}
