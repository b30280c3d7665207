import { sql, type Kysely } from 'kysely';

/**
 * A chapter's rendering also stored compressed, so that a chapter page and the chapter's JSON are
 * sent without compressing the text per request (features/reader/stored-html.ts, platform/http/
 * gzip-parts.ts):
 * - chapters.html_deflated: raw deflate of the rendering's UTF-8, ended with a sync flush;
 * - chapters.json_deflated: the same of `"text":…,"html":…`, the two members of the chapter's
 *   JSON that carry the text, as JSON.stringify writes them;
 * - *_crc, *_bytes: the CRC-32 (as a signed integer) and length of each, which a gzip body's
 *   trailer needs.
 *
 * And a rule that keeps every stored rendering true to its row: html_source is either null or
 * `<renderer>:<md5 of the text>`. A write that changes the text without a matching html_source (a
 * writer that does not render) clears the rendering, so readers can trust html_source without
 * hashing the text on every read, and take the text's hash from it; a compressed form is cleared
 * when what it was made from changes without it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table chapters
      add column html_deflated bytea, add column html_crc integer, add column html_bytes integer,
      add column json_deflated bytea, add column json_crc integer, add column json_bytes integer`.execute(db);
  await sql`
    create function chapters_keep_rendering_true() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and new.text is not distinct from old.text and new.html_source is not distinct from old.html_source
         and new.html_deflated is not distinct from old.html_deflated and new.json_deflated is not distinct from old.json_deflated then
        return new;
      end if;
      if new.html_source is null or new.html_source <> split_part(new.html_source, ':', 1) || ':' || md5(new.text) then
        new.html := null;
        new.html_source := null;
      end if;
      -- A compressed form left as it was while what it was made from changed is of the old text.
      if tg_op = 'UPDATE' and new.html_deflated is not distinct from old.html_deflated and new.html is distinct from old.html then
        new.html_deflated := null;
      end if;
      if tg_op = 'UPDATE' and new.json_deflated is not distinct from old.json_deflated
         and (new.html is distinct from old.html or new.text is distinct from old.text) then
        new.json_deflated := null;
      end if;
      if new.html_source is null or new.html_deflated is null or new.html_crc is null or new.html_bytes is null then
        new.html_deflated := null;
        new.html_crc := null;
        new.html_bytes := null;
      end if;
      if new.html_source is null or new.json_deflated is null or new.json_crc is null or new.json_bytes is null then
        new.json_deflated := null;
        new.json_crc := null;
        new.json_bytes := null;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger chapters_keep_rendering_true before insert or update on chapters
    for each row execute function chapters_keep_rendering_true()`.execute(db);
  // Renderings stored before this rule by a writer that later changed the text are cleared now.
  await sql`update chapters set html = null, html_source = null where html_source is not null and html_source <> split_part(html_source, ':', 1) || ':' || md5(text)`.execute(db);
}
