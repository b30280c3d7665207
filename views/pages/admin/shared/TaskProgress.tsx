import type { PageContext } from '../../../../src/platform/http/page-context.ts';

/** The statuses of a task still under way. */
export const ACTIVE = new Set(['pending', 'running']);

/** A task's progress bar with its percentage, what it is doing, and what it waits for when it stands still. */
export function TaskProgress({ ctx, progress, phase, status, waiting = '', waitingReason = '' }: { ctx: PageContext; progress: number; phase: string; status: string; waiting?: string; waitingReason?: string }): JSX.Element {
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  return (
    <div class="task-progress">
      <progress max="100" value={String(percent)} aria-label={ctx.t('admin.task.progress')}></progress>
      <span class="task-progress__figure" safe>{`${percent} %`}</span>
      {phase ? (
        <span class="task-progress__phase" safe>
          {phase}
        </span>
      ) : (
        ''
      )}
      {waiting ? (
        <span class="task-progress__waiting" data-waiting={waitingReason} safe>
          {waiting}
        </span>
      ) : (
        ''
      )}
      <span class={`task-status task-status--${status}`} safe>
        {ctx.t(`admin.status.${status}` as never)}
      </span>
    </div>
  );
}

export function seconds(ctx: PageContext, value: number | null): string {
  if (value === null) return '';
  if (value < 60) return ctx.t('admin.task.seconds', { n: String(Math.round(value)) });
  return ctx.t('admin.task.minutes', { m: String(Math.floor(value / 60)), s: String(Math.round(value % 60)).padStart(2, '0') });
}
