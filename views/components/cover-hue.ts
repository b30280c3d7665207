/**
 * A stable hue per book (FNV-1a: slugs differing in one letter still land far apart), so a book
 * without a cover looks the same on every page and cover-less books do not all look alike.
 */
export function coverHue(slug: string): number {
  let hash = 2166136261;
  for (let i = 0; i < slug.length; i++) hash = Math.imul(hash ^ slug.charCodeAt(i), 16777619);
  return (hash >>> 0) % 360;
}
