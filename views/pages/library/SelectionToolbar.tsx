import { SHELVES } from '../../../src/features/library/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';

const MOVE = JSON.stringify({ action: 'move' });
const REMOVE = JSON.stringify({ action: 'remove', confirmed: '1' });

/**
 * The actions on the checked books, inside the selection form. Without JavaScript the buttons
 * submit the form (remove then asks on a page of its own); with htmx each button posts the form
 * itself, remove after the browser's confirmation, and the answer replaces the library section.
 */
export function SelectionToolbar({ ctx }: { ctx: PageContext }): JSX.Element {
  const { t } = ctx;
  return (
    <div class="selection-bar" role="group" aria-label={t('library.selectionActions')}>
      <div class="selection-bar__move">
        <label for="bulk-shelf" safe>
          {t('library.moveTo')}
        </label>
        <select id="bulk-shelf" name="shelf">
          {SHELVES.map((s) => (
            <option value={s} safe>
              {t(`library.shelf.${s}`)}
            </option>
          ))}
        </select>
        <button type="submit" name="action" value="move" class="button" id="bulk-move" hx-post="/library/bulk" hx-vals={MOVE} safe>
          {t('library.move')}
        </button>
      </div>
      <button
        type="submit"
        name="action"
        value="remove"
        class="button button--quiet button--danger"
        id="bulk-remove"
        hx-post="/library/bulk"
        hx-vals={REMOVE}
        hx-confirm={t('library.confirmRemoveSelected')}
        safe
      >
        {t('library.removeSelected')}
      </button>
    </div>
  );
}
