import type { JobContext } from '../../platform/queue/index.ts';
import type { Db } from '../../platform/db/index.ts';
import { emptyDetail, type TaskDetail, type WaitingFor } from './model.ts';
import { saveProgress } from './queries.ts';

const SAVE_EVERY_MS = 500;
const MAX_ERRORS_KEPT = 50;

/**
 * A running task's counts, gaps and errors, written to its row (what the admin page polls) and
 * reported as job progress at most every half second, always with the latest figures.
 */
export class Tally {
  readonly detail: TaskDetail;
  #fraction = 0;
  #bookSlug: string | null | undefined = undefined;
  #lastSave = 0;

  constructor(
    private readonly db: Db,
    private readonly ctx: Pick<JobContext, 'progress'>,
    private readonly taskId: string,
    start: Partial<TaskDetail> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.detail = { ...emptyDetail(), ...start };
  }

  phase(words: string): Promise<void> {
    this.detail.phase = words;
    return this.save(true);
  }

  /** Why the progress stands still (null: it moves again); written at once so the page says so. */
  waiting(wait: WaitingFor | null): Promise<void> {
    this.detail.waiting_for = wait;
    return this.save(true);
  }

  book(slug: string): void {
    this.#bookSlug = slug;
  }

  planned(count: number): void {
    this.detail.total += count;
  }

  handled(outcome: 'added' | 'updated' | 'unchanged'): void {
    this.detail.handled += 1;
    this.detail[outcome] += 1;
  }

  gap(chapter: number | null, message: string): void {
    this.detail.handled += chapter === null ? 0 : 1;
    this.detail.failed += chapter === null ? 0 : 1;
    if (chapter !== null && !this.detail.gaps.includes(chapter)) this.detail.gaps.push(chapter);
    if (this.detail.errors.length < MAX_ERRORS_KEPT) this.detail.errors.push({ chapter, message });
  }

  /** Overall fraction, for tasks that know better than handled/total (several books). */
  fraction(value: number): void {
    this.#fraction = value;
  }

  progress(): number {
    if (this.#fraction > 0) return this.#fraction;
    return this.detail.total > 0 ? this.detail.handled / this.detail.total : 0;
  }

  async save(force = false): Promise<void> {
    const now = this.now();
    if (!force && now - this.#lastSave < SAVE_EVERY_MS) return;
    this.#lastSave = now;
    const progress = this.progress();
    await saveProgress(this.db, this.taskId, { progress, detail: this.detail, bookSlug: this.#bookSlug });
    this.ctx.progress(progress, this.detail.phase);
  }
}
