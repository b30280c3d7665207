// The player and the page move to another chapter together, with no page load: the chapter's page
// is fetched (chapter-swap.js), the player's parts are pointed at the new chapter and, when it is
// to play, its stream is opened first and the page changed once it plays (a gap is heard, a
// moment's delay on screen is not). The browser's back and forward between chapters reached like
// this move the same way. Should the page not come (network, an unexpected answer), the page turns
// the old way: a flag in sessionStorage tells the next page to start playing by itself.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var CONTINUE_KEY = 'chapterhouse.continue';
  var CONTINUE_FOR_MS = 120000;
  var SHOW_WITHIN_MS = 1500;

  /** Resolves to value in a task of its own: unlike a timer's, not held back in a hidden tab. */
  function nextTask(value) {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function () {
        channel.port1.close();
        resolve(value);
      };
      channel.port2.postMessage(null);
    });
  }
  /** Resolves to value once the audio plays, or after SHOW_WITHIN_MS if it does not. */
  function playingOr(audio, value) {
    return new Promise(function (resolve) {
      var timer = setTimeout(done, SHOW_WITHIN_MS);
      function done() {
        clearTimeout(timer);
        audio.removeEventListener('playing', done);
        resolve(value);
      }
      audio.addEventListener('playing', done);
    });
  }
  function turnPage(url, play) {
    try {
      if (play) sessionStorage.setItem(CONTINUE_KEY, JSON.stringify({ path: new URL(url, location.href).pathname, at: Date.now() }));
    } catch (e) {
      /* the next page then waits for a press */
    }
    location.href = url;
  }

  /**
   * chapter: the player's chapter (chapter-swap.js chapterOf), updated in place on every move;
   * parts: {root, bar, media, source, position, highlight, playback, swap}; onMove(): the player
   * now plays another chapter.
   */
  ns.createChapterMove = function (audio, chapter, parts, onMove) {
    var moving = false;
    var shownPath = location.pathname;

    function follow(next) {
      Object.keys(next).forEach(function (key) {
        chapter[key] = next[key];
      });
      onMove();
      parts.source.setChapter(chapter.slug, chapter.chapter);
      parts.position.reset();
      parts.highlight.load([]);
      parts.highlight.setRoot(null); // the sentences to come are found in the new text, once it is shown
      parts.media.setChapter(chapter);
      parts.bar.say('');
    }
    /** The page and the player move to the chapter at url; play: from its start, else it waits for a press. */
    function to(url, play, push) {
      if (moving) return;
      moving = true;
      var leaving = !!audio.getAttribute('src') && !audio.ended;
      if (leaving) {
        parts.position.save(); // the place left, for a return
        audio.pause(); // a press on "next": the chapter left goes quiet at once
      }
      parts.swap
        .load(url)
        // The pause's own events belong to the chapter left: they come before the player moves.
        .then(function (page) {
          return leaving ? nextTask(page) : page;
        })
        .then(function (page) {
          follow(parts.swap.chapterIn(page));
          if (!play) {
            audio.removeAttribute('src');
            audio.load();
            return page;
          }
          // The page's own requests (progress, comments) wait until the stream has answered.
          parts.playback.start();
          return playingOr(audio, page);
        })
        .then(function (page) {
          shownPath = parts.swap.show(page, push).pathname;
          parts.highlight.setRoot(document.querySelector('article[data-reader] .reader__text'));
          if (parts.highlight.enabled) parts.root.setAttribute('data-sentences', String(parts.highlight.found()));
          if (play) return;
          parts.playback.prepare();
          parts.playback.showTime();
          return parts.position.load().then(function () {
            parts.bar.showListen();
          });
        })
        .then(function () {
          moving = false;
          if (location.pathname !== shownPath) to(location.href, !audio.paused, false); // back or forward meanwhile
        }, function () {
          turnPage(url, play);
        });
    }

    // Back and forward between chapters this page moved through: the address changed, the page follows.
    window.addEventListener('popstate', function () {
      if (location.pathname !== shownPath && !moving) to(location.href, !!audio.getAttribute('src') && !audio.paused, false);
    });
    return {
      to: to,
      moving: function () {
        return moving;
      },
      /**
       * Whether this page was reached by a page turn to play on a moment ago, so it starts playing
       * by itself. Read once: the flag is removed.
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
