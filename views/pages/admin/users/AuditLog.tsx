import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { USERS_PAGE } from '../../../../src/features/accounts/admin/paths.ts';
import { formatCreated } from '../shared/format.ts';
import { describeAudit } from './audit-text.ts';
import type { AuditView } from './types.ts';

/** The audit log on the page: who did what, and when, newest first, 50 at a time. */
export function AuditLog({ ctx, audit }: { ctx: PageContext; audit: AuditView }): JSX.Element {
  const { t } = ctx;
  const last = audit.entries.at(-1);
  return (
    <section class="admin-users__box" id="audit" aria-labelledby="audit-heading">
      <h2 id="audit-heading" safe>
        {t('users.audit.title')}
      </h2>
      {audit.entries.length === 0 ? (
        <p class="empty-state" safe>
          {t('users.audit.empty')}
        </p>
      ) : (
        <ol class="audit-log" role="list">
          {audit.entries.map((entry) => (
            <li class="audit-log__entry">
              <time class="audit-log__when" datetime={entry.at} safe>
                {formatCreated(ctx.locale, entry.at)}
              </time>
              <span class="audit-log__who">
                <span class="visually-hidden" safe>{`${t('users.audit.who')}: `}</span>
                <strong safe>{entry.actor.username}</strong>
              </span>
              <span class="audit-log__what" safe>
                {describeAudit(ctx, entry)}
              </span>
            </li>
          ))}
        </ol>
      )}
      <p class="admin-users__pager">
        {audit.before ? (
          <a href={`${USERS_PAGE}#audit`} safe>
            {t('users.audit.newest')}
          </a>
        ) : (
          ''
        )}
        {audit.hasMore && last ? (
          <a href={`${USERS_PAGE}?audit_before=${encodeURIComponent(last.id)}#audit`} safe>
            {t('users.audit.older')}
          </a>
        ) : (
          ''
        )}
      </p>
    </section>
  );
}
