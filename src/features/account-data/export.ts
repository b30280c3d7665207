import type { Db } from '../../platform/db/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { avatarUrlOf } from '../accounts/users.ts';
import { settingsOf } from '../settings/service.ts';
import { EXPORT_FORMAT, EXPORT_LIMITS, EXPORT_VERSION, type ExportList } from './model.ts';
import * as q from './queries.ts';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
/** `real` columns read back as 0.30000001192092896: a position to the millisecond is plenty. */
const tidy = (value: number) => Math.round(value * 1000) / 1000;

/**
 * "Download my data": everything the account made, as one JSON document (docs/api.md, Account
 * data). Read in one repeatable-read transaction, so the lists agree with one another. No password
 * hash, token or session id is in it. Each list is capped (EXPORT_LIMITS) and named in
 * `truncated` when it was cut.
 */
export async function exportAccount(db: Db, userId: string, now: Date, baseUrl: string) {
  const truncated: ExportList[] = [];
  const capped = <T>(name: ExportList, rows: T[]): T[] => {
    if (rows.length <= EXPORT_LIMITS[name]) return rows;
    truncated.push(name);
    return rows.slice(0, EXPORT_LIMITS[name]);
  };
  const data = await db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const user = await q.accountRow(trx, userId);
    if (!user) throw notFound('Account not found');
    const read = async <T>(name: ExportList, list: (db: q.Executor, userId: string, limit: number) => Promise<T[]>) => capped(name, await list(trx, userId, EXPORT_LIMITS[name]));
    return {
      user,
      identities: await read('login_providers', q.identitiesOf),
      sessions: await read('sessions', q.sessionsOf),
      progress: await read('progress', q.progressOf),
      library: await read('library', q.libraryOf),
      comments: await read('comments', q.commentsOf),
      votes: await read('comment_votes', q.commentVotesOf),
      ratings: await read('ratings', q.ratingsOf),
      following: await read('following', q.followingOf),
      followers: await read('followers', q.followersOf),
      discovery: await read('discovery_votes', q.discoveryVotesOf),
      notifications: await read('notifications', q.notificationsOf),
      appPasswords: await read('app_passwords', q.appPasswordsOf),
      readingDays: await read('reading_days', q.readingDaysOf),
      kosync: await read('kosync_positions', q.kosyncPositionsOf),
    };
  });
  const { user } = data;
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    user: {
      id: user.id,
      username: user.username,
      role: user.role,
      email: user.email,
      email_verified: user.email_verified,
      avatar_url: avatarUrlOf({ avatarKey: user.avatar_key, providerAvatarUrl: user.provider_avatar_url }, baseUrl),
      has_password: user.has_password,
      library_private: user.library_private,
      pro_until: iso(user.pro_until),
      created: iso(user.created_at),
    },
    login_providers: data.identities.map((i) => ({ provider: i.provider, provider_user_id: i.provider_user_id, email: i.email, linked: iso(i.created_at) })),
    sessions: data.sessions.map((s) => ({ user_agent: s.user_agent, ip: s.ip, created: iso(s.created), last_seen: iso(s.last_seen) })),
    settings: await settingsOf(db, { kind: 'user', userId }),
    progress: data.progress.map((p) => ({ slug: p.slug, title: p.title, chapter: p.chapter, scroll: tidy(p.scroll), audio_time: tidy(p.audio_time), updated: iso(p.updated_at) })),
    library: data.library.map((l) => ({ slug: l.slug, title: l.title, shelf: l.shelf, added: iso(l.added_at), updated: iso(l.updated_at) })),
    comments: data.comments.map((c) => ({
      id: c.id,
      slug: c.slug,
      book_title: c.book_title,
      chapter: c.chapter,
      chapter_title: c.chapter_title,
      parent_id: c.parent_id,
      text: c.text,
      upvotes: c.upvotes,
      downvotes: c.downvotes,
      created: iso(c.created_at),
    })),
    comment_votes: data.votes.map((v) => ({ comment_id: v.comment_id, direction: v.direction, created: iso(v.created_at) })),
    ratings: data.ratings.map((r) => ({ slug: r.slug, title: r.title, rating: r.rating, updated: iso(r.updated_at) })),
    following: data.following.map((f) => ({ username: f.username, since: iso(f.created_at) })),
    followers: data.followers.map((f) => ({ username: f.username, since: iso(f.created_at) })),
    discovery_votes: data.discovery.map((d) => ({ slug: d.slug, title: d.title, action: d.action, created: iso(d.created_at) })),
    notifications: data.notifications.map((n) => ({ title: n.title, body: n.body, link: n.link, read: n.read, created: iso(n.created_at) })),
    app_passwords: data.appPasswords.map((p) => ({ name: p.name, created: iso(p.created_at), last_used: iso(p.last_used_at), revoked: iso(p.revoked_at) })),
    reading_days: data.readingDays.map((d) => ({ day: d.day, slug: d.slug, chapters: d.chapters, words: d.words, listened_seconds: tidy(d.listened_seconds) })),
    kosync_positions: data.kosync.map((k) => ({ document: k.document, progress: k.progress, percentage: k.percentage, device: k.device, device_id: k.device_id, updated: iso(k.updated_at) })),
    truncated,
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccount>>;

/** `chapterhouse-<username>-<YYYY-MM-DD>.json`, dated by the given clock in UTC. */
export function exportFileName(username: string, now: Date): string {
  const safe = username.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 64) || 'account';
  return `chapterhouse-${safe}-${now.toISOString().slice(0, 10)}.json`;
}
