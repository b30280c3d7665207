/** The refusals of the admin user tools, exactly as the JSON API answers them (docs/api.md). */
export const ADMIN_USER_ERRORS = {
  notFound: 'User not found',
  inviteNotFound: 'Invite not found',
  usernameInvalid: 'username must be 2 to 32 characters: letters, digits, - and _',
  usernameTaken: 'That username is taken',
  nothingToChange: 'Send at least one of role, pro_until and disabled',
  proUntilInvalid: 'pro_until must be a date, a date and time (ISO 8601) or null',
  proUntilNeedsPro: 'pro_until is only for the pro role: send role "pro" with it',
  proUntilPast: 'pro_until must be in the future',
  lastAdminDemote: 'The last administrator cannot stop being one: make another account an administrator first',
  lastAdminDisable: 'The last administrator cannot be disabled: make another account an administrator first',
  lastAdminDelete: 'The last administrator cannot be deleted: make another account an administrator first',
  confirmMismatch: 'Type the username exactly to delete the account',
} as const;

/** What each admin action is called in the audit log (admin_audit.action). */
export const AUDIT_ACTIONS = {
  create: 'user.create',
  role: 'user.role',
  proUntil: 'user.pro_until',
  disable: 'user.disable',
  enable: 'user.enable',
  signOut: 'user.sign_out',
  passwordReset: 'user.password_reset',
  delete: 'user.delete',
  invite: 'invite.create',
  revokeInvite: 'invite.revoke',
  /** Written by joining (accounts/join) and by the owner's rules (features/policy): the person or admin who acted. */
  joined: 'invite.accept',
  passwordSet: 'user.password_link',
  policy: 'policy.update',
} as const;
