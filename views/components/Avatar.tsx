import { avatarColour, initialsOf } from '../../src/features/accounts/avatars/initials.ts';

export type AvatarProps = {
  username: string;
  avatarUrl: string | null;
  /** Pixels, width and height; default 32. */
  size?: number;
  /** The signed-in viewer's own avatar: public/js/avatar-upload.js replaces these after an upload. */
  mine?: boolean;
  /**
   * Beside the name, inside a control named by it: no name of its own, and the initials drawn by
   * CSS rather than written as text, so the control's visible label is the name alone (WCAG 2.5.3).
   */
  decorative?: boolean;
};

// Not in @kitajs/html's <img> type; a spread is not checked for unknown attributes.
const NO_REFERRER = { referrerpolicy: 'no-referrer' } as const;

function pixels(size: number | undefined): number {
  return size !== undefined && Number.isFinite(size) ? Math.round(Math.min(512, Math.max(16, size))) : 32;
}

/** A person's picture, or their initials on a colour drawn from the username. */
export function Avatar({ username, avatarUrl, size, mine, decorative }: AvatarProps): JSX.Element {
  const px = pixels(size);
  if (avatarUrl) {
    return (
      <img
        class="avatar"
        src={avatarUrl}
        alt={decorative ? '' : username}
        width={String(px)}
        height={String(px)}
        loading="lazy"
        decoding="async"
        {...NO_REFERRER}
        data-viewer-avatar={mine ? true : undefined}
      />
    );
  }
  if (decorative) {
    return (
      <span
        class="avatar avatar--initials"
        style={`background: ${avatarColour(username)}; --avatar-size: ${px}px`}
        aria-hidden="true"
        data-initials={initialsOf(username)}
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
