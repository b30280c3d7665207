/**
 * One-time links carry their secret in the path (`/join/{token}`, `/set-password/{token}`): the
 * request log keeps the path's shape and drops the secret, so reading the logs opens no account.
 */
const SECRET_IN_PATH = /^(\/join|\/set-password)\/[^/]+/;

export function loggedPath(pathname: string): string {
  return pathname.replace(SECRET_IN_PATH, '$1/…');
}
