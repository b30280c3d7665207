export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every response carries. No inline scripts anywhere (DESIGN rule 8), so the CSP can
 * forbid them; inline style attributes are allowed for CSS custom properties on <html>.
 */
export function securityHeaders(options: { objectOrigin: string | null; https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(options),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  if (options.https) headers['strict-transport-security'] = HSTS;
  return headers;
}

/**
 * The policy every page gets. `formActions` widens where a form may go, for the one page whose
 * form is answered by a redirect to another site (the payment provider's checkout): browsers
 * apply form-action to that redirect too.
 */
export function contentSecurityPolicy(options: { objectOrigin: string | null; formActions?: readonly string[] }): string {
  const media = ["'self'", 'data:', 'blob:', options.objectOrigin].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    `img-src ${media} https:`,
    `media-src ${media}`,
    `connect-src 'self' ${options.objectOrigin ?? ''}`.trim(),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...(options.formActions ?? [])].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
}
