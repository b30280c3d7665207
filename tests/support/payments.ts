/**
 * A site that takes payments (decisions.md: POLAR_WEBHOOK_SECRET set) and sells Pro (checkout
 * configured too), so the contract's defaults hold: 3 chapters a day of audio and of translation
 * for readers without Pro, EPUB export for Pro and admin only. Without it a test app has no payment
 * provider, and the instance policy's defaults are no limits and Pro features for every signed-in
 * reader. The provider's address is never reached unless a test checks out (billing tests start
 * their own stand-in, tests/support/polar-server.ts).
 */
export const PAYMENTS_CONFIGURED_ENV: Readonly<Record<string, string>> = Object.freeze({
  POLAR_WEBHOOK_SECRET: `whsec_${Buffer.from('payments-configured-test-secret-0').toString('base64')}`,
  POLAR_ACCESS_TOKEN: 'test-polar-access-token',
  POLAR_PRODUCT_ID: 'prod_test_pro',
  POLAR_API_URL: 'http://127.0.0.1:9',
});
