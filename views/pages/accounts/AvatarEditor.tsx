import { Avatar } from '../../components/Avatar.tsx';
import type { PageContext } from '../../context.ts';
import type { AccountUser } from './types.ts';

/** The messages public/js/avatar-upload.js shows, in the page's language (the script holds no text). */
function messages(ctx: PageContext): Record<string, string> {
  const { t } = ctx;
  return {
    'data-msg-type': t('avatar.badType'),
    'data-msg-size': t('avatar.tooLarge'),
    'data-msg-uploading': t('avatar.uploading'),
    'data-msg-saving': t('avatar.saving'),
    'data-msg-saved': t('avatar.saved'),
    'data-msg-failed': t('avatar.failed'),
    'data-msg-removing': t('avatar.removing'),
    'data-msg-confirm-remove': t('avatar.confirmRemove'),
  };
}

/**
 * The large avatar with its upload control. The controls need the script (the upload goes
 * straight to the object store), so they stay hidden until it runs.
 */
export function AvatarEditor({ ctx, user }: { ctx: PageContext; user: AccountUser }): JSX.Element {
  const { t } = ctx;
  return (
    <div class="avatar-editor" data-avatar-editor {...messages(ctx)}>
      <div class="avatar-editor__picture">
        <Avatar username={user.username} avatarUrl={user.avatarUrl} size={96} mine />
        <img class="avatar avatar-editor__preview" alt={t('avatar.preview')} width="96" height="96" hidden data-avatar-preview />
      </div>
      <div class="avatar-editor__controls" hidden data-avatar-controls>
        <label for="avatar-file" safe>
          {t('avatar.choose')}
        </label>
        <input
          id="avatar-file"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-describedby="avatar-hint"
          data-avatar-input
        />
        <p id="avatar-hint" class="avatar-editor__hint" safe>
          {t('avatar.hint')}
        </p>
        <p>
          <button type="button" class="button button--quiet" hidden={!user.avatarUrl} data-avatar-remove safe>
            {t('avatar.remove')}
          </button>
        </p>
        <p class="avatar-editor__status" role="status" aria-live="polite" data-avatar-status></p>
      </div>
      <noscript>
        <p class="avatar-editor__hint" safe>
          {t('avatar.noScript')}
        </p>
      </noscript>
    </div>
  );
}
