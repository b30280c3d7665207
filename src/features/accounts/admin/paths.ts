import { ROLE_FILTERS, type RoleFilter } from './model.ts';

/** The Users page and the targets of its forms. */
export const USERS_PAGE = '/admin/users';
export const CREATE_USER_ACTION = '/admin/users';
export const INVITE_ACTION = '/admin/users/invite';
export const inviteRevokePath = (id: string) => `/admin/users/invites/${id}/revoke`;

export const USER_ACTIONS = ['role', 'sign-out', 'password-reset', 'disable', 'enable', 'delete'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];
export const userActionPath = (id: string, action: UserAction) => `/admin/users/${id}/${action}`;

/** What the list shows: the search, the role filter and the page. */
export interface ListState {
  q: string;
  role: RoleFilter | null;
  page: number;
}

export const FIRST_PAGE: ListState = { q: '', role: null, page: 1 };

/** The list's state from the page's query (or a form's `back` field), read leniently: anything odd is left out. */
export function listStateOf(query: { q?: string; role?: string; page?: string }): ListState {
  const q = (query.q ?? '').trim().slice(0, 64).replace(/\u0000/g, '');
  const role = (ROLE_FILTERS as readonly string[]).includes(query.role ?? '') ? (query.role as RoleFilter) : null;
  const page = /^[1-9][0-9]{0,4}$/.test(query.page ?? '') ? Number(query.page) : 1;
  return { q, role, page };
}

/** The query string of a list state ("" for the first page of everyone), for links and `back` fields. */
export function listQuery(state: ListState, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.role) params.set('role', state.role);
  if (state.page > 1) params.set('page', String(state.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const usersPageUrl = (state: ListState = FIRST_PAGE, extra: Record<string, string> = {}) => `${USERS_PAGE}${listQuery(state, extra)}`;

/** A form's `back` field (the list it was posted from, as a query string) → that list's state. */
export function backState(back: string | undefined): ListState {
  const params = new URLSearchParams((back ?? '').slice(0, 300));
  return listStateOf({ q: params.get('q') ?? undefined, role: params.get('role') ?? undefined, page: params.get('page') ?? undefined });
}
