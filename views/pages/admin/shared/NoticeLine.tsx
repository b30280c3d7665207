import type { Notice } from './notice.ts';

/** The line above an admin page's content after an action (focused so it is read out). */
export function NoticeLine({ notice }: { notice: Notice | null }): JSX.Element {
  if (!notice) return <p class="admin-notice" role="status"></p>;
  const error = notice.level === 'error';
  return (
    <p class={`admin-notice notice ${error ? 'notice--error' : 'notice--ok'}`} role={error ? 'alert' : 'status'} safe>
      {notice.message}
    </p>
  );
}
