import type { PageContext } from '../../../../src/platform/http/page-context.ts';

/** Why a review form was not saved, inside the form above its fields (read out at once). */
export function RefusedList({ ctx, id, messages }: { ctx: PageContext; id: string; messages: readonly string[] }): JSX.Element {
  return (
    <div class="notice notice--error admin-form__error" id={id} role="alert">
      <p safe>{ctx.t('importReview.refused')}</p>
      <ul>
        {messages.map((message) => (
          <li safe>{message}</li>
        ))}
      </ul>
    </div>
  );
}
