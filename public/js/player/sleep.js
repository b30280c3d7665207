// The sleep timer: "end of chapter" or a number of minutes of listening. A minutes timer counts
// only while the audio is playing (a pause stops it) and fades the sound out over its last
// seconds before pausing. Kept in sessionStorage, so it carries on across a reload and into the
// next chapter when auto-next turns the page, and ends with the tab.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var KEY = 'chapterhouse.sleep';
  var FADE_S = 10;
  var TICK_MS = 250;

  function read() {
    try {
      var saved = JSON.parse(sessionStorage.getItem(KEY) || 'null');
      if (saved && saved.mode === 'chapter') return saved;
      if (saved && saved.mode === 'minutes' && saved.left > 0 && saved.minutes > 0) return saved;
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
  function now() {
    return window.performance && performance.now ? performance.now() : Date.now();
  }

  /**
   * audio: the element whose playing is counted (its playing, pause and timeupdate events, paused
   * and volume). onExpire() is called once when a minutes timer runs out, after the fade; onTick(state,
   * secondsLeft, choice) while one counts down and on every change (state null: off; choice as
   * value() gives it).
   */
  ns.createSleepTimer = function (onExpire, onTick, audio) {
    var state = read();
    var since = null; // the monotonic time the listening was last counted up to, while playing
    var interval = 0;
    var fullVolume = null; // the volume before the fade began, given back when it ends
    var shown = -1;

    function playing() {
      return !!audio && !audio.paused && !audio.ended;
    }
    function left() {
      return state && state.mode === 'minutes' ? Math.max(0, state.left) : null;
    }
    function restoreVolume() {
      if (fullVolume !== null && audio) audio.volume = fullVolume;
      fullVolume = null;
    }
    function fade() {
      var remaining = left();
      if (!audio || remaining === null || remaining > FADE_S) return restoreVolume();
      if (fullVolume === null) fullVolume = audio.volume;
      audio.volume = Math.max(0, Math.min(1, fullVolume * (remaining / FADE_S)));
    }
    /** Adds the listening since the last count to the timer; ends it when it runs out. */
    function count() {
      if (!state || state.mode !== 'minutes') return;
      if (since !== null) {
        var t = now();
        state.left = Math.max(0, state.left - (t - since) / 1000);
        since = playing() ? t : null;
        write(state);
      }
      if (state.left <= 0) {
        var volume = fullVolume;
        fullVolume = null; // kept silent until the pause
        set(null);
        onExpire();
        // The next play starts at full volume.
        if (volume !== null && audio) audio.volume = volume;
        return;
      }
      fade();
      var whole = Math.ceil(state.left);
      if (whole !== shown) {
        shown = whole;
        onTick(state, left(), value());
      }
    }
    function started() {
      if (!state || state.mode !== 'minutes') return;
      if (since === null) since = now();
      if (!interval) interval = setInterval(count, TICK_MS);
    }
    function stopped() {
      count();
      since = null;
      clearInterval(interval);
      interval = 0;
    }
    function set(next) {
      state = next;
      since = null;
      clearInterval(interval);
      interval = 0;
      write(state);
      if (!state || state.mode !== 'minutes') restoreVolume();
      else fade();
      if (state && state.mode === 'minutes' && playing()) started();
      shown = state && state.mode === 'minutes' ? Math.ceil(state.left) : -1;
      onTick(state, left(), value());
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
      audio.addEventListener('playing', started);
      audio.addEventListener('timeupdate', function () {
        if (playing()) {
          started();
          count();
        } else if (since !== null) stopped();
      });
      audio.addEventListener('pause', stopped);
      audio.addEventListener('waiting', stopped);
      audio.addEventListener('ended', stopped);
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
