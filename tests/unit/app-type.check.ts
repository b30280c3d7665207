// Compiled by the typecheck (npm test's first step): the exported App keeps every route's types.
import type { App } from '../../src/app.ts';

type Routes = App['~Routes'];
type BookResponse = Routes['api']['book'][':slug']['get']['response'][200];
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export const bookTitleIsString: Equal<BookResponse['book']['title'], string> = true;
export const statusIsItsTwoValues: Equal<BookResponse['book']['status'], 'ongoing' | 'completed'> = true;
// @ts-expect-error an undeclared route is not part of the type
export type Missing = Routes['api']['no-such-route'];
