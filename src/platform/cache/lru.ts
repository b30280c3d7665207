/**
 * A small least-recently-used map bounded by entry count and by total weight (what `weigh` says),
 * so that a few huge chapters or pages cannot hold the process's memory. A Map keeps insertion order:
 * re-inserting on every hit moves the entry to the young end, and the oldest is the first key.
 */
export class Lru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.total;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    const weight = this.weigh(value);
    this.delete(key);
    // Something heavier than the whole budget would only evict everything else, then itself.
    if (weight > this.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.total <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }

  /** Removes every entry the predicate picks (a scan: for rare events such as invalidations). */
  deleteWhere(picks: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (!picks(entry.value)) continue;
      this.entries.delete(key);
      this.total -= entry.weight;
    }
  }
}
