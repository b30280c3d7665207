// Moving a playing stream onto the stored file once the chapter's audio is stored: the stored file
// can be sought in place and its timings are exact. The element's place in the stored file is
// known exactly then (the start of the stream's first sentence plus its own time), so the move is
// made at the next sentence boundary, timed to it: no part of a sentence is heard twice.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var LOOK_AHEAD_S = 1.5;
  var CLOSE_ENOUGH_S = 0.15;

  /** moveTo(seconds): opens the stored file there, playing. */
  ns.createHandover = function (audio, timeline, moveTo) {
    var active = false;
    var timer = 0;

    function cancel() {
      active = false;
      clearTimeout(timer);
      timer = 0;
    }
    /** Waits for the next boundary when it is near; moves when the element reaches it. */
    function check() {
      if (!active || timer || audio.paused) return;
      var time = timeline.at(audio.currentTime);
      var next = timeline.sentenceAt(time) + 1;
      if (next >= timeline.count()) return; // the last sentence: the stream plays out
      var boundary = timeline.startOf(next);
      var left = (boundary - time) / (audio.playbackRate || 1);
      if (left > LOOK_AHEAD_S) return;
      timer = setTimeout(function () {
        timer = 0;
        if (!active) return;
        var late = timeline.at(audio.currentTime);
        // A stall on the way (buffering) leaves it short of the boundary: wait again.
        if (boundary - late > CLOSE_ENOUGH_S) return check();
        cancel();
        moveTo(boundary);
      }, Math.max(0, left * 1000));
    }

    audio.addEventListener('timeupdate', check);
    return {
      begin: function () {
        active = true;
        check();
      },
      cancel: cancel,
      active: function () {
        return active;
      },
    };
  };
})();
