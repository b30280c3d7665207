/**
 * Puts `item` into `window`, a full list kept sorted by `order`, in its place, and drops the last
 * one: the best few of many, kept while scanning (the caller checks first that it beats the last).
 */
export function placeInWindow<T>(window: T[], item: T, order: (a: T, b: T) => number): void {
  let lo = 0;
  let hi = window.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (order(window[mid]!, item) <= 0) lo = mid + 1;
    else hi = mid;
  }
  window.splice(lo, 0, item);
  window.pop();
}
