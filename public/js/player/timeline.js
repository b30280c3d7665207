// The chapter's timeline: its sentences with their times (exact once the audio is stored,
// estimated from the script while it is made) and what the audio element plays on it: the whole
// file, or a stream that starts at sentence k (GET /api/audio-stream/...?from=k). The place shown
// is then the start of sentence k plus the element's own time, so a seek into audio not made yet
// is one stream from the right sentence, not a wait for the whole file.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});

  ns.createTimeline = function () {
    var sentences = [];
    var total = NaN;
    var estimated = true;
    var from = 0;

    function startOf(k) {
      return k > 0 && sentences[k] ? sentences[k].start : 0;
    }
    /** The sentence spoken at `time`: the last one started by then (0 before the first). */
    function sentenceAt(time) {
      var lo = 0;
      var hi = sentences.length - 1;
      var found = 0;
      while (lo <= hi) {
        var mid = (lo + hi) >> 1;
        if (sentences[mid].start <= time) {
          found = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      return found;
    }

    return {
      /** data: {sentences, duration, estimated} as source.timings() gives them. */
      set: function (data) {
        sentences = data && Array.isArray(data.sentences) ? data.sentences : [];
        total = data && isFinite(data.duration) && data.duration > 0 ? data.duration : sentences.length ? sentences[sentences.length - 1].end : NaN;
        estimated = !data || data.estimated !== false;
      },
      /** Whether there are sentences to seek by. */
      known: function () {
        return sentences.length > 0;
      },
      estimated: function () {
        return estimated;
      },
      count: function () {
        return sentences.length;
      },
      duration: function () {
        return total;
      },
      startOf: startOf,
      sentenceAt: sentenceAt,
      /** The element now plays from the start of sentence k (0: the whole chapter). */
      playFrom: function (k) {
        from = k > 0 ? k : 0;
      },
      from: function () {
        return from;
      },
      /** The place on the chapter's timeline of the element's own time. */
      at: function (elementTime) {
        return startOf(from) + (elementTime || 0);
      },
    };
  };
})();
