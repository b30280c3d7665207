/** The LRU moved to the platform: rendered pages of other features are kept in it too. */
export { Lru } from '../../platform/cache/lru.ts';
