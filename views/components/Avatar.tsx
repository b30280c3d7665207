import { avatarColour, initialsOf } from '../../src/features/accounts/avatars/initials.ts';

export type AvatarProps = {
  username: string;
  avatarUrl: string | null;
  /** Pixels, width and height; default 32. */
  size?: number;
  /** The signed-in viewer's own avatar: public/js/avatar-upload.js replaces these after an upload. */
  mine?: boolean;
};

// Not in @kitajs/html's <img> type; a spread is not checked for unknown attributes.
const NO_REFERRER = { referrerpolicy: 'no-referrer' } as const;

function pixels(size: number | undefined): number {
  return size !== undefined && Number.isFinite(size) ? Math.round(Math.min(512, Math.max(16, size))) : 32;
}

/** A person's picture, or their initials on a colour drawn from the username. */
export function Avatar({ username, avatarUrl, size, mine }: AvatarProps): JSX.Element {
  const px = pixels(size);
  if (avatarUrl) {
    return (
      <img
        class="avatar"
        src={avatarUrl}
        alt={username}
        width={String(px)}
        height={String(px)}
        loading="lazy"
        decoding="async"
        {...NO_REFERRER}
        data-viewer-avatar={mine ? true : undefined}
      />
    );
  }
  return (
    <span
      class="avatar avatar--initials"
      style={`background: ${avatarColour(username)}; --avatar-size: ${px}px`}
      role="img"
      aria-label={username}
      data-viewer-avatar={mine ? true : undefined}
      safe
    >
      {initialsOf(username)}
    </span>
  );
}
