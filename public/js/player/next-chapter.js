// Auto-next: how the player picks and moves into the next chapter. Near the end of a chapter (two
// minutes left) the next chapter's audio is asked for ahead of time, so it is ready or under way
// when this one ends; at the end the sleep timer may stop here, else with auto-next on the page
// turns. A flag in sessionStorage tells the next page to start playing by itself.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var AHEAD_S = 120;
  var CONTINUE_KEY = 'chapterhouse.continue';
  var CONTINUE_FOR_MS = 120000;

  /**
   * chapter: {nextUrl, nextChapter}; parts: {bar, source, settings, sleep, position, highlight,
   * limit, playback}.
   */
  ns.createNextChapter = function (audio, chapter, parts) {
    var settings = parts.settings.values;
    var ahead = null; // null, 'asked' or the HTTP status of the request ahead

    function requestAhead() {
      var total = parts.playback.duration();
      if (ahead || !settings.auto_next || !chapter.nextChapter || parts.sleep.stopsAtChapterEnd() || !isFinite(total)) return;
      if (total - audio.currentTime > AHEAD_S) return;
      ahead = 'asked';
      parts.source.requestAhead(chapter.nextChapter).then(function (status) {
        ahead = status;
      }, function () {
        ahead = null;
      });
    }
    function go() {
      if (!chapter.nextUrl) return;
      if (parts.limit.reached(ahead)) return parts.limit.blockNext();
      try {
        sessionStorage.setItem(CONTINUE_KEY, JSON.stringify({ path: new URL(chapter.nextUrl, location.href).pathname, at: Date.now() }));
      } catch (e) {
        /* the next page then waits for a press */
      }
      location.href = chapter.nextUrl;
    }
    function ended() {
      parts.position.save(0); // listening again starts from the top
      parts.highlight.clear();
      if (parts.sleep.stopsAtChapterEnd()) {
        parts.sleep.clear();
        return parts.bar.say(parts.bar.msg('slept'));
      }
      if (settings.auto_next) go();
    }

    audio.addEventListener('timeupdate', requestAhead);
    audio.addEventListener('ended', ended);
    return {
      /** Moves into the next chapter now (the lock screen's "next track", the end of this one). */
      go: go,
      /**
       * Whether this page was reached by auto-next a moment ago, so it starts playing by itself.
       * Read once: the flag is removed.
       */
      continuing: function () {
        try {
          var flag = JSON.parse(sessionStorage.getItem(CONTINUE_KEY) || 'null');
          sessionStorage.removeItem(CONTINUE_KEY);
          return !!flag && flag.path === location.pathname && Date.now() - flag.at < CONTINUE_FOR_MS;
        } catch (e) {
          return false;
        }
      },
    };
  };
})();
