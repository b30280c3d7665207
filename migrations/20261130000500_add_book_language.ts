import { sql, type Kysely } from 'kysely';

/**
 * The language of a book's text, a BCP 47 tag ('de', 'pt-BR'): what the OPDS entries and the
 * EPUB export declare (dc:language). Books known so far are the English catalogue's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table books add column language text not null default 'en'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table books drop column language`.execute(db);
}
