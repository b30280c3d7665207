/** Chapter numbers as runs: [3, 4, 5, 8] → "3–5, 8" (sorted, each once). */
export function chapterRuns(chapters: readonly number[]): string {
  const sorted = [...new Set(chapters)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let end = i;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++;
    runs.push(end === i ? String(sorted[i]) : end === i + 1 ? `${sorted[i]}, ${sorted[end]}` : `${sorted[i]}–${sorted[end]}`);
    i = end + 1;
  }
  return runs.join(', ');
}
