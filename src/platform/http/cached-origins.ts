/**
 * Which public origins a cache of rendered pages keeps pages for. A page is drawn with absolute
 * links (canonical, og:url, og:image) to the origin it was asked at, so its origin is part of its
 * key. With BASE_URL set there is only that origin. Without it the origin is whatever Host a
 * client sends: the first `max` origins seen are kept (the addresses a site is really reached at
 * are a handful: localhost, 127.0.0.1, a LAN address or name); pages for any further origin are
 * drawn each time and never kept, so a client spraying Host values cannot push real pages out.
 */
export function originAdmission(max: number): (origin: string) => boolean {
  const admitted = new Set<string>();
  return (origin) => {
    if (admitted.has(origin)) return true;
    if (admitted.size >= max) return false;
    admitted.add(origin);
    return true;
  };
}
