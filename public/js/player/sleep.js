// The sleep timer: "end of chapter" or a number of minutes. Kept in sessionStorage, so it carries
// on across a reload and into the next chapter when auto-next turns the page, and ends with the tab.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var KEY = 'chapterhouse.sleep';

  function read() {
    try {
      var saved = JSON.parse(sessionStorage.getItem(KEY) || 'null');
      if (saved && saved.mode === 'chapter') return saved;
      if (saved && saved.mode === 'minutes' && saved.deadline > Date.now()) return saved;
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

  /**
   * onExpire() is called once when a minutes timer runs out; onTick(state, secondsLeft, choice)
   * every second while one runs and on every change (state null: off; choice as value() gives it).
   */
  ns.createSleepTimer = function (onExpire, onTick) {
    var state = read();
    var interval = 0;

    function left() {
      return state && state.mode === 'minutes' ? Math.max(0, (state.deadline - Date.now()) / 1000) : null;
    }
    function tick() {
      if (state && state.mode === 'minutes' && left() <= 0) {
        set(null);
        onExpire();
        return;
      }
      onTick(state, left(), value());
    }
    function set(next) {
      state = next;
      write(state);
      clearInterval(interval);
      if (state && state.mode === 'minutes') interval = setInterval(tick, 1000);
      onTick(state, left(), value());
    }
    /** '', 'chapter' or the minutes chosen, for the select. */
    function value() {
      return state ? (state.mode === 'chapter' ? 'chapter' : String(state.minutes)) : '';
    }
    function choose(chosen) {
      if (chosen === 'chapter') set({ mode: 'chapter' });
      else if (Number(chosen) > 0) set({ mode: 'minutes', minutes: Number(chosen), deadline: Date.now() + Number(chosen) * 60000 });
      else set(null);
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
      /** Seconds left, or null without a minutes timer. */
      left: left,
    };
  };
})();
