// The Media Session: what the lock screen, a headset and the keyboard's media keys show and do.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});

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
      controls.skip(-((details && details.seekOffset) || ns.SKIP_BACK_S));
    });
    handle('seekforward', function (details) {
      controls.skip((details && details.seekOffset) || ns.SKIP_FORWARD_S);
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
