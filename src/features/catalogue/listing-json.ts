import type { Book } from './model.ts';

/**
 * A listing answer as JSON, the same text JSON.stringify makes, with each book's JSON made once:
 * the index hands out the same Book object until that book changes (index/sync.ts), so its JSON
 * is kept beside it and a page of 24 books is joined from kept pieces.
 */
const jsonOfBook = new WeakMap<Book, string>();

function bookJson(book: Book): string {
  let json = jsonOfBook.get(book);
  if (json === undefined) jsonOfBook.set(book, (json = JSON.stringify(book)));
  return json;
}

export function listingJson(body: { books: readonly Book[] }): string {
  const members: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'books') members.push(`"books":[${body.books.map(bookJson).join(',')}]`);
    else if (value !== undefined) members.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
  }
  return `{${members.join(',')}}`;
}
