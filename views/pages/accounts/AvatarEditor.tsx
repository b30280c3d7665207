import { Avatar } from '../../components/Avatar.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import type { AccountUser, FormProblem } from './types.ts';

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
    'data-msg-chosen': t('account.avatar.chosenFile', { name: '{name}', size: '{size}' }),
    'data-locale-tag': ctx.locale,
  };
}

const ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * The photo control: the current picture is the drop target and the button that opens the file
 * chooser (a label for the file input). Without JavaScript it is a plain multipart form
 * (POST /account/avatar/upload, 303 back). public/js/avatar-upload.js adds drag and drop, a preview
 * of the chosen image before anything is sent, and the direct upload to the object store.
 */
export function AvatarEditor({ ctx, user, problem }: { ctx: PageContext; user: AccountUser; problem?: FormProblem }): JSX.Element {
  const { t } = ctx;
  const removable = user.hasStoredAvatar ?? Boolean(user.avatarUrl);
  return (
    <div class="avatar-editor" data-avatar-editor {...messages(ctx)}>
      <form class="avatar-editor__form" method="post" action="/account/avatar/upload" enctype="multipart/form-data" data-avatar-form>
        <input
          id="avatar-file"
          class="avatar-drop__input"
          name="file"
          type="file"
          accept={ACCEPT}
          required
          aria-describedby={problem ? 'avatar-problem avatar-hint' : 'avatar-hint'}
          aria-invalid={problem ? 'true' : undefined}
          data-avatar-input
        />
        <label class="avatar-drop" for="avatar-file" data-avatar-drop>
          <span class="avatar-drop__picture">
            <Avatar username={user.username} avatarUrl={user.avatarUrl} size={96} mine />
            <img class="avatar avatar-drop__preview" alt={t('avatar.preview')} width="96" height="96" hidden data-avatar-preview />
          </span>
          <span class="avatar-drop__text">
            <span class="avatar-drop__action" safe>
              {t('account.avatar.choose')}
            </span>
            <span class="avatar-drop__or" safe>
              {t('account.avatar.orDrop')}
            </span>
            <span class="avatar-drop__chosen" safe>
              {t('account.avatar.chosen')}
            </span>
          </span>
        </label>
        <p id="avatar-hint" class="avatar-editor__hint" safe>
          {t('avatar.hint')}
        </p>
        <p class="avatar-editor__file" hidden data-avatar-file></p>
        <p class="avatar-editor__actions">
          <button type="submit" class="button" data-avatar-save safe>
            {t('account.avatar.save')}
          </button>
          <button type="button" class="button button--quiet" hidden data-avatar-cancel safe>
            {t('account.avatar.cancel')}
          </button>
        </p>
        {problem ? (
          <p class="notice notice--error" role="alert" id="avatar-problem" safe>
            {problem.message}
          </p>
        ) : (
          ''
        )}
        <p class="avatar-editor__status" role="status" aria-live="polite" data-avatar-status></p>
      </form>
      <form method="post" action="/account/avatar/remove" class="avatar-editor__remove" hidden={!removable} data-avatar-remove-form>
        <button type="submit" class="button button--quiet" data-avatar-remove safe>
          {t('avatar.remove')}
        </button>
      </form>
    </div>
  );
}
