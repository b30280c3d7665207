// The player's keys and the Media Session (lock screen, headset and keyboard media keys).
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var SKIP_BACK = 10;
  var SKIP_FORWARD = 30;
  var SPEED_STEP = 0.25;

  /**
   * Keys while focus is in the player: space (or k) plays or pauses, ← and → skip back and forward,
   * ↑ and ↓ change the speed. Sliders, buttons and the select keep their own keys, except space on
   * a slider, which plays or pauses. Handled keys are marked done, so the reader's own ← and →
   * (turning the chapter) do not fire as well.
   */
  ns.bindKeys = function (region, controls) {
    region.addEventListener('keydown', function (event) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      var target = event.target;
      var tag = target && target.tagName;
      var slider = tag === 'INPUT' && target.type === 'range';
      var own = tag === 'SELECT' || tag === 'BUTTON' || (tag === 'INPUT' && !slider);
      var key = event.key;
      if (key === ' ' || key === 'k') {
        if (own) return; // a focused button is pressed by space itself
        controls.toggle();
      } else if (slider || own) {
        return;
      } else if (key === 'ArrowLeft') controls.skip(-SKIP_BACK);
      else if (key === 'ArrowRight') controls.skip(SKIP_FORWARD);
      else if (key === 'ArrowUp') controls.nudgeSpeed(SPEED_STEP);
      else if (key === 'ArrowDown') controls.nudgeSpeed(-SPEED_STEP);
      else return;
      event.preventDefault();
    });
  };

  /** Title, book and cover on the lock screen; play, pause, skip, seek and next chapter from there. */
  ns.bindMediaSession = function (info, controls) {
    var session = navigator.mediaSession;
    if (!session) return { position: function () {}, state: function () {} };
    var artwork = info.cover ? [{ src: new URL(info.cover, location.href).href }] : [];
    try {
      session.metadata = new MediaMetadata({ title: info.title, artist: info.author, album: info.book, artwork: artwork });
    } catch (e) {
      /* MediaMetadata missing: the controls below still work */
    }
    function handle(action, handler) {
      try {
        session.setActionHandler(action, handler);
      } catch (e) {
        /* this browser does not know the action */
      }
    }
    handle('play', controls.play);
    handle('pause', controls.pause);
    handle('stop', controls.pause);
    handle('seekbackward', function (details) {
      controls.skip(-((details && details.seekOffset) || SKIP_BACK));
    });
    handle('seekforward', function (details) {
      controls.skip((details && details.seekOffset) || SKIP_FORWARD);
    });
    handle('seekto', function (details) {
      if (details && isFinite(details.seekTime)) controls.seekTo(details.seekTime);
    });
    handle('previoustrack', function () {
      controls.seekTo(0);
    });
    if (info.nextUrl) handle('nexttrack', controls.nextChapter);
    return {
      position: function (audio) {
        if (!session.setPositionState || !isFinite(audio.duration) || audio.duration <= 0) return;
        try {
          session.setPositionState({ duration: audio.duration, playbackRate: audio.playbackRate, position: Math.min(audio.currentTime, audio.duration) });
        } catch (e) {
          /* a position past a duration still growing */
        }
      },
      state: function (playing) {
        session.playbackState = playing ? 'playing' : 'paused';
      },
    };
  };
})();
