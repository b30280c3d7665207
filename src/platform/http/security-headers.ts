/**
 * Headers every response carries. No inline scripts anywhere (DESIGN rule 8), so the CSP can
 * forbid them; inline style attributes are allowed for CSS custom properties on <html>.
 */
export function securityHeaders(options: { objectOrigin: string | null; https: boolean }): Record<string, string> {
  const media = ["'self'", 'data:', 'blob:', options.objectOrigin].filter(Boolean).join(' ');
  const csp = [
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
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  if (options.https) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}
