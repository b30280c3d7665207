// The Media Session: what the lock screen, a headset and the keyboard's media keys show and do.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});

  /**
   * Title, book and cover on the lock screen; play, pause, skip, seek, previous and next chapter from
   * there. controls: {play, pause, skip(seconds), seekTo(time), previousChapter, nextChapter}.
   */
  ns.bindMediaSession = function (info, controls) {
    var session = navigator.mediaSession;
    if (!session) return { setChapter: function () {}, position: function () {}, state: function () {} };
    function describe(chapter) {
      var artwork = chapter.cover ? [{ src: new URL(chapter.cover, location.href).href }] : [];
      try {
        session.metadata = new MediaMetadata({ title: chapter.title, artist: chapter.author, album: chapter.book, artwork: artwork });
      } catch (e) {
        /* MediaMetadata missing: the controls below still work */
      }
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
    // Previous and next track are the chapters around this one (at the first, previous restarts it);
    // without a next chapter there is no "next" button.
    handle('previoustrack', controls.previousChapter);
    function chapterActions(chapter) {
      handle('nexttrack', chapter.nextUrl ? controls.nextChapter : null);
    }
    describe(info);
    chapterActions(info);
    return {
      /** The player moved to another chapter in this page (next-chapter.js). */
      setChapter: function (chapter) {
        describe(chapter);
        chapterActions(chapter);
      },
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
