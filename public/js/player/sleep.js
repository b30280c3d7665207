// The sleep timer: "end of chapter" or a number of minutes of listening. A minutes timer counts only
// while the audio is heard (a pause, or a wait for data, stops it) and fades the sound out over its
// last seconds before pausing. Kept in sessionStorage as the listening left, so it carries on across
// a reload and into the next chapter, and ends with the tab.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var KEY = 'chapterhouse.sleep';
  var FADE_S = 10;
  var TICK_MS = 250;
  var HAVE_FUTURE_DATA = 3;

  function read() {
    try {
      var saved = JSON.parse(sessionStorage.getItem(KEY) || 'null');
      if (saved && saved.mode === 'chapter') return saved;
      if (saved && saved.mode === 'minutes' && saved.minutes > 0 && saved.left > 0) return saved;
    } catch (e) {
      /* storage unavailable or garbled: no timer */
    }
    return null;
  }
  function write(state) {
    try {
      if (state) sessionStorage.setItem(KEY, JSON.stringify(state));
      else sessionStorage.removeItem(KEY);
    } catch (e) {
      /* private mode: the timer still works on this page */
    }
  }
  // One clock for every count: monotonic, and the one a test's injected clock drives.
  function now() {
    return performance.now();
  }

  /**
   * audio: the element whose listening is counted (its events, paused, ended, readyState, volume);
   * the same element whatever it plays (live stream, stored file, another voice or chapter).
   * onExpire() is called once when a minutes timer runs out, after the fade; onTick(state,
   * secondsLeft, choice) while one counts down and on every change (state null: off; secondsLeft
   * rounded up to whole seconds; choice as value() gives it).
   */
  ns.createSleepTimer = function (onExpire, onTick, audio) {
    var state = read();
    var since = null; // when the listening was last counted up to, while the audio was heard
    var ticker = 0;
    var fullVolume = null; // the volume before the fade began, given back when it stops
    var shown = null;

    function minutes() {
      return !!state && state.mode === 'minutes';
    }
    function left() {
      return minutes() ? Math.max(0, state.left) : null;
    }
    /** Asked of the element itself, not of its events, which may still be on their way. */
    function heard() {
      return !!audio && !audio.paused && !audio.ended && audio.readyState >= HAVE_FUTURE_DATA;
    }
    function restoreVolume() {
      if (fullVolume !== null && audio) audio.volume = fullVolume;
      fullVolume = null;
    }
    function fade() {
      if (!minutes() || !heard() || state.left > FADE_S) return restoreVolume();
      if (fullVolume === null) fullVolume = audio.volume;
      audio.volume = Math.max(0, Math.min(1, fullVolume * (state.left / FADE_S)));
    }
    function tick(on) {
      if (on && !ticker) ticker = setInterval(check, TICK_MS);
      if (!on && ticker) {
        clearInterval(ticker);
        ticker = 0;
      }
    }
    function show() {
      var whole = minutes() ? Math.ceil(state.left) : null;
      if (whole === shown) return;
      shown = whole;
      onTick(state, whole, value());
    }
    function expire() {
      var volume = fullVolume;
      fullVolume = null; // kept quiet until the pause
      set(null);
      onExpire();
      if (volume !== null) audio.volume = volume; // the next play starts at the listener's volume
    }
    /**
     * Counts the time since the last check as listening only if the audio is heard now and was at
     * that check. A pause, a wait for data or a new source stops the count at the last check, even
     * before its event is handled: a clock that moves on meanwhile (a paused tab, a test's clock)
     * is never counted.
     */
    function check() {
      if (!minutes()) {
        tick(false);
        return restoreVolume();
      }
      var t = now();
      var on = heard();
      if (on && since !== null && t > since) {
        state.left = Math.max(0, state.left - (t - since) / 1000);
        write(state);
      }
      since = on ? t : null;
      tick(on);
      if (state.left <= 0) return expire();
      fade();
      show();
    }
    function set(next) {
      state = next;
      since = null;
      shown = null;
      write(state);
      check();
      if (!minutes()) onTick(state, null, value());
    }
    /** '', 'chapter' or the minutes chosen, for the select. */
    function value() {
      return state ? (state.mode === 'chapter' ? 'chapter' : String(state.minutes)) : '';
    }
    function choose(chosen) {
      if (chosen === 'chapter') set({ mode: 'chapter' });
      else if (Number(chosen) > 0) set({ mode: 'minutes', minutes: Number(chosen), left: Number(chosen) * 60 });
      else set(null);
    }

    if (audio) {
      ['play', 'playing', 'pause', 'waiting', 'stalled', 'ended', 'emptied', 'loadstart', 'seeking', 'canplay', 'timeupdate'].forEach(function (type) {
        audio.addEventListener(type, check);
      });
    }
    // Resume a timer carried over from the previous page.
    set(state);
    return {
      choose: choose,
      clear: function () {
        set(null);
      },
      value: value,
      stopsAtChapterEnd: function () {
        return !!state && state.mode === 'chapter';
      },
      /** Seconds of listening left, or null without a minutes timer. */
      left: left,
    };
  };
})();
