// The listener's place in the chapter's audio (PATCH /api/progress/audio-time): read on arrival,
// saved every few seconds of playing, on pause and after a seek, and when the tab is hidden or
// left. The chapter's end saves 0, so listening again starts from the top.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var SAVE_EVERY_S = 5;

  /** chapter: {slug, chapter}; audio: the player's audio element. */
  ns.createPosition = function (chapter, audio) {
    var lastSaved = -1;
    var position = {
      /** Seconds: where listening resumes (the saved place, then the last one saved here). */
      saved: 0,
      /**
       * Seconds into the chapter now. The element's own time, unless the player says otherwise
       * (playback.js: a stream from a sentence starts its time at that sentence).
       */
      now: function () {
        return audio.currentTime || 0;
      },
      load: function () {
        var query = '?slug=' + encodeURIComponent(chapter.slug) + '&chapter=' + chapter.chapter;
        return ns
          .json('GET', '/api/progress/audio-time' + query)
          .catch(function () {
            return { ok: false };
          })
          .then(function (answer) {
            position.saved = answer.ok && answer.data ? Number(answer.data.audio_time) || 0 : 0;
            return position.saved;
          });
      },
      /** Another chapter (next-chapter.js): nothing saved for it here yet, and it starts at the top. */
      reset: function () {
        lastSaved = -1;
        position.saved = 0;
      },
      /** Saves the element's current time, or the time given. */
      save: function (time) {
        var at = Math.round((time === undefined ? position.now() : time) * 10) / 10;
        if (!audio.src || at === lastSaved) return;
        lastSaved = at;
        position.saved = at;
        ns.json('PATCH', '/api/progress/audio-time', { slug: chapter.slug, chapter: chapter.chapter, audio_time: at, timestamp: Date.now() }).catch(function () {});
      },
    };

    audio.addEventListener('pause', function () {
      if (!audio.ended) position.save();
    });
    audio.addEventListener('timeupdate', function () {
      if (!audio.paused && Math.abs(position.now() - lastSaved) >= SAVE_EVERY_S) position.save();
    });
    audio.addEventListener('seeked', function () {
      position.save();
    });
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'hidden' && audio.src && !audio.ended) position.save();
    });
    window.addEventListener('pagehide', function () {
      if (audio.src && !audio.ended) position.save();
    });
    return position;
  };
})();
