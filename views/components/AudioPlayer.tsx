import type { PageContext } from '../../src/platform/http/page-context.ts';
import { VoicePicker, voiceMessages } from './PlayerVoicePicker.tsx';

export interface AudioPlayerProps {
  ctx: PageContext;
  slug: string;
  chapter: number;
  chapterTitle: string;
  bookTitle: string;
  author: string;
  coverUrl: string | null;
  nextUrl: string | null;
  nextChapter: number | null;
  prevUrl: string | null;
  prevChapter: number | null;
}

/**
 * The player's scripts (public/js/player/), classic scripts loaded with `defer` in this order: each
 * part adds itself to `window.ChapterhousePlayer`, and player.js, last, puts them together.
 */
export const PLAYER_SCRIPTS = [
  'format', 'sleep', 'highlight', 'keys', 'session', 'source', 'settings', 'position',
  'bar', 'free-limit', 'controls', 'timeline', 'handover', 'playback', 'voice-picker', 'play-from-here', 'said-wrong', 'now-playing', 'chapter-swap', 'chapter-move', 'next-chapter', 'player',
].map((part) => `js/player/${part}.js`);

export const SLEEP_MINUTES = [15, 30, 45, 60] as const;
export const SPEED_RANGE = { min: 0.5, max: 3, step: 0.05 } as const;

/**
 * The chapter's audio player (public/js/player/*.js). The page is cached and the same for every
 * reader, so nothing here is about the listener: voice, speed and auto-next come from
 * /api/settings and the saved position from /api/progress/audio-time, asked by the script. The
 * player is `hidden` until the script shows it: without JavaScript there is nothing to press.
 * Messages the script shows travel as data-msg-* attributes (no inline scripts: CSP).
 */
export function AudioPlayer(props: AudioPlayerProps): JSX.Element {
  const { t } = props.ctx;
  const messages: Record<string, string> = {
    'data-msg-listen': t('player.listen'),
    'data-msg-resume': t('player.resume', { time: '{time}' }),
    'data-msg-continue': t('player.continue'),
    'data-msg-play': t('player.play'),
    'data-msg-pause': t('player.pause'),
    'data-msg-preparing': t('player.preparing'),
    'data-msg-generating': t('player.generating'),
    'data-msg-failed': t('player.failed', { reason: '{reason}' }),
    'data-msg-error': t('player.error'),
    // Which words a limit gets (a server that sells Pro, or its owner's limit) and its number come from /api/policy.
    'data-msg-upgrade': t('player.upgrade', { n: '{n}' }),
    'data-msg-upgrade-next': t('player.upgradeNext'),
    'data-msg-upgrade-link': t('billing.needed.link'),
    'data-msg-limit': t('policy.limit.player', { n: '{n}' }),
    'data-msg-limit-next': t('policy.limit.playerNext'),
    'data-msg-limit-plain': t('policy.limit.playerPlain'),
    'data-msg-sleep-left': t('player.sleepLeft', { time: '{time}' }),
    'data-msg-sleep-chapter': t('player.sleepAtEnd'),
    'data-msg-slept': t('player.slept'),
    'data-msg-said-wrong': t('player.saidWrong', { word: '{word}' }),
    'data-msg-reported': t('player.saidWrong.reported', { word: '{word}' }),
    'data-msg-report-failed': t('player.saidWrong.failed'),
    'data-msg-speed': t('player.speedValue', { speed: '{speed}' }),
    'data-msg-position': t('player.positionValue', { time: '{time}', duration: '{duration}' }),
    'data-msg-live': t('player.seekLive'),
    ...voiceMessages(props.ctx),
  };
  return (
    <section
      class="player"
      hidden
      aria-label={t('player.label')}
      data-player
      data-slug={props.slug}
      data-chapter={String(props.chapter)}
      data-title={props.chapterTitle}
      data-book={props.bookTitle}
      data-author={props.author}
      data-cover={props.coverUrl ?? undefined}
      data-next-url={props.nextUrl ?? undefined}
      data-next-chapter={props.nextChapter !== null ? String(props.nextChapter) : undefined}
      data-prev-url={props.prevUrl ?? undefined}
      data-prev-chapter={props.prevChapter !== null ? String(props.prevChapter) : undefined}
      {...messages}
    >
      <button type="button" class="button player__listen" data-player-listen>
        <span aria-hidden="true">▶</span>
        <span data-player-listen-label safe>
          {t('player.listen')}
        </span>
      </button>
      <p class="player__status" role="status" aria-live="polite" data-player-status></p>
      <div class="player__bar" data-player-bar hidden tabindex="-1">
        {/* What a listener glances at; a tap brings the page to the sentence being read (now-playing.js). */}
        <a class="player__now" href={`/book/${props.slug}/${props.chapter}`} data-player-now>
          {props.coverUrl ? <img class="player__now-cover" src={props.coverUrl} alt="" width="24" height="34" loading="lazy" decoding="async" /> : ''}
          <span class="player__now-text">
            <span class="player__now-chapter" data-player-now-chapter safe>
              {props.chapterTitle}
            </span>
            <span class="player__now-book" safe>
              {props.bookTitle}
            </span>
          </span>
        </a>
        <div class="player__main">
          <button type="button" class="player__button player__toggle" data-player-toggle aria-label={t('player.play')}>
            <span class="player__icon" aria-hidden="true" data-player-icon>▶</span>
          </button>
          <button type="button" class="player__button" data-player-back aria-label={t('player.back')}>
            <span aria-hidden="true">−10</span>
          </button>
          <div class="player__seek">
            <span class="player__time" data-player-elapsed>0:00</span>
            <input type="range" class="player__range" min="0" max="0" step="1" value="0" data-player-seek aria-label={t('player.seek')} />
            <span class="player__time" data-player-duration>--:--</span>
          </div>
          <button type="button" class="player__button" data-player-forward aria-label={t('player.forward')}>
            <span aria-hidden="true">+30</span>
          </button>
          <button type="button" class="player__button player__speed" data-player-speed-cycle aria-label={`1×, ${t('player.speedCycle')}`} data-action={t('player.speedCycle')}>
            1×
          </button>
          <span class="player__sleep-badge" data-player-sleep-badge hidden></span>
          {/* The options button comes last: the first Tab after it opens them is into them. */}
          <button type="button" class="player__button" data-player-close aria-label={t('player.close')}>
            <span aria-hidden="true">×</span>
          </button>
          <button type="button" class="player__button" data-player-more aria-expanded="false" aria-controls="player-options" aria-label={t('player.options')}>
            <span aria-hidden="true">⋯</span>
          </button>
        </div>
        <div class="player__options" id="player-options" data-player-options hidden>
          <div class="field player__field">
            <label for="player-speed" safe>
              {t('player.speed')}
            </label>
            <div class="player__speed-row">
              <input type="range" id="player-speed" min={String(SPEED_RANGE.min)} max={String(SPEED_RANGE.max)} step={String(SPEED_RANGE.step)} value="1" data-player-speed />
              <output for="player-speed" data-player-speed-output>1×</output>
            </div>
          </div>
          <div class="field player__field">
            <label for="player-sleep" safe>
              {t('player.sleep')}
            </label>
            <select id="player-sleep" data-player-sleep>
              <option value="" safe>{t('player.sleepOff')}</option>
              <option value="chapter" safe>{t('player.sleepChapter')}</option>
              {SLEEP_MINUTES.map((minutes) => (
                <option value={String(minutes)} safe>
                  {t('player.sleepMinutes', { minutes })}
                </option>
              ))}
            </select>
            <span class="player__hint" data-player-sleep-left></span>
          </div>
          {props.nextUrl ? (
            <label class="player__check">
              <input type="checkbox" data-player-auto-next />
              <span safe>{t('player.autoNext')}</span>
            </label>
          ) : (
            ''
          )}
          <VoicePicker ctx={props.ctx} />
          <p class="player__hint" safe>
            {t('player.keys')}
          </p>
          <p class="player__hint" safe>
            {t('player.fromHere.hint')}
          </p>
        </div>
      </div>
      <audio preload="none" data-player-audio></audio>
      <button type="button" class="button player__from-here" data-player-from-here hidden>
        <span aria-hidden="true">▶</span> <span safe>{t('player.fromHere')}</span>
      </button>
      <button type="button" class="button button--quiet player__from-here player__said-wrong" data-player-said-wrong hidden>
        <span data-said-wrong-label></span>
      </button>
    </section>
  );
}
