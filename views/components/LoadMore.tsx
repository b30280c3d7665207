/**
 * "Load more" under a list: a plain link to the next page, which htmx turns into appending that
 * page's items (`items`: the selector of the list's items, whose parent is `list`) and replacing
 * this link's box (`box`) with the next page's own.
 */
export function LoadMore({ id, href, list, items, box, label }: { id: string; href: string; list: string; items: string; box: string; label: string }): JSX.Element {
  return (
    <a class="button button--quiet" id={id} href={href} hx-get={href} hx-target={list} hx-swap="beforeend" hx-select={`${list} > ${items}`} hx-select-oob={box} safe>
      {label}
    </a>
  );
}
