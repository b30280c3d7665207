import { describe, expect, test } from 'bun:test';
import { RatingControl, averageText } from '../../views/components/RatingControl.tsx';
import { makeCtx } from '../support/page-context.ts';

const render = async (props: Partial<Parameters<typeof RatingControl>[0]> = {}) =>
  String(await RatingControl({ ctx: makeCtx({ path: '/book/a-book' }), slug: 'a-book', average: null, count: 0, mine: null, ...props }));
const checked = (html: string) => [...html.matchAll(/value="(\d)" id="rating-a-book-\d" checked/g)].map((m) => Number(m[1]));

describe('RatingControl', () => {
  test('exactly the reader\'s star is checked; none without a rating', async () => {
    expect(checked(await render())).toEqual([]);
    for (const mine of [1, 2, 3, 4, 5]) expect(checked(await render({ mine, average: 3, count: 2 }))).toEqual([mine]);
  });

  test('one radio group of five in a fieldset, each radio named by its label', async () => {
    const html = await render();
    expect(html.match(/type="radio" name="rating"/g)).toHaveLength(5);
    expect(html.indexOf('<fieldset')).toBeLessThan(html.indexOf('<legend'));
    expect(html).toContain('for="rating-a-book-1"><span aria-hidden="true">★</span><span class="visually-hidden">1 star</span>');
  });

  test('the return path and the notice are escaped; a notice focuses the status line', async () => {
    const html = await render({ returnTo: '/book/a-book?x="><script>', notice: '<b>Saved</b>' });
    // Inside a quoted attribute only the quote matters: it is escaped, so the value cannot end early.
    expect(html).toContain('name="return_to" value="/book/a-book?x=&#34;><script>"/>');
    expect(html).not.toContain('<b>Saved</b>');
    expect(html).toContain('role="status" tabindex="-1" autofocus>&lt;b&gt;Saved&lt;/b&gt;</p>');
  });

  test('the average in the reader\'s locale, singular and plural', () => {
    expect(averageText(makeCtx(), null, 0)).toBe('Not rated yet');
    expect(averageText(makeCtx(), 4, 1)).toBe('4.0 out of 5 from 1 rating');
    expect(averageText(makeCtx(), 4.25, 1234)).toBe('4.3 out of 5 from 1,234 ratings');
    expect(averageText(makeCtx({ locale: 'fr' }), 4.5, 2)).toBe('4,5 sur 5, sur 2 notes');
  });
});
