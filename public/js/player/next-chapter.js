// Auto-next and the lock screen's previous and next track. Near the end of a chapter (two minutes
// left) the next chapter's audio is asked for ahead of time (`ahead: true`: the server counts it
// against the free chapters only once its stream is played) and its page is fetched; at the end
// the sleep timer may stop here, else with auto-next on the player moves into the next chapter in
// this same page (chapter-move.js) and its stream starts at once. Past the free chapters the
// answer ahead is 402: the player says so (free-limit.js) and stays.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var AHEAD_S = 120;
  var AGAIN_S = 10;

  /**
   * chapter: the player's chapter (chapter-swap.js chapterOf), updated in place on every move;
   * parts: {root, bar, media, source, settings, sleep, position, highlight, limit, playback, swap}.
   */
  ns.createNextChapter = function (audio, chapter, parts) {
    var settings = parts.settings.values;
    var ahead = null; // null, or the promise of the HTTP status of the request ahead (null if it failed)
    var askedAgain = false;
    var move = ns.createChapterMove(audio, chapter, parts, function () {
      ahead = null;
      askedAgain = false;
    });

    function ask() {
      ahead = parts.source.requestAhead(chapter.nextChapter).catch(function () {
        return null;
      });
    }
    function requestAhead() {
      var total = parts.playback.duration();
      if (move.moving() || !settings.auto_next || !chapter.nextChapter || parts.sleep.stopsAtChapterEnd() || !isFinite(total)) return;
      var left = total - parts.playback.now();
      if (left > AHEAD_S) return;
      if (!ahead) {
        ask();
        parts.swap.load(chapter.nextUrl).catch(function () {}); // a failure shows at the end: the page turns then
        return;
      }
      // Once more just before the end (asking ahead is free): the answer says whether the next
      // chapter is stored by now, so that it starts without asking at all (source.js).
      if (left > AGAIN_S || askedAgain) return;
      askedAgain = true;
      var asked = ahead;
      asked.then(function (status) {
        if (status === 202 && ahead === asked) ask();
      });
    }
    /** atEnd: this chapter has ended (else "next track" was pressed). */
    function go(atEnd) {
      if (!chapter.nextUrl || move.moving()) return;
      var url = chapter.nextUrl;
      Promise.resolve(ahead).then(function (status) {
        if (!parts.limit.reached(status)) return move.to(url, true, true);
        if (atEnd === true) parts.position.save(0);
        parts.limit.blockNext();
      });
    }
    function ended() {
      parts.highlight.clear();
      // Going on, the book's place moves to the next chapter: saving this one's end as well would
      // only keep the server busy just as the next stream is asked for.
      if (settings.auto_next && chapter.nextUrl && !parts.sleep.stopsAtChapterEnd()) return go(true);
      parts.position.save(0); // listening again starts from the top
      if (parts.sleep.stopsAtChapterEnd()) {
        parts.sleep.clear();
        parts.bar.say(parts.bar.msg('slept'));
      }
    }

    audio.addEventListener('timeupdate', requestAhead);
    audio.addEventListener('ended', ended);
    return {
      /** Moves into the next chapter now (the end of this one, the lock screen's "next track"). */
      go: go,
      /** Moves into the previous chapter (the lock screen's "previous track"); at the first, to its start. */
      previous: function () {
        if (chapter.prevUrl) move.to(chapter.prevUrl, true, true);
        else parts.playback.seekTo(0);
      },
      /** Whether this page was turned to by auto-next a moment ago, so it starts playing by itself. */
      continuing: move.continuing,
    };
  };
})();
