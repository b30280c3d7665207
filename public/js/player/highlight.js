// Highlights the sentence being spoken, from the sentence timings of the stored audio
// (GET /api/audio/timings/...). Sentences are found in the chapter text by their letters and
// digits alone, so markup, quotes and spacing that differ between the page and the narration do
// not matter; a sentence not found (the chapter title, an image caption) is simply not shown.
// Uses the CSS Custom Highlight API: the text is never rewrapped, so selection, comments and the
// reader's scroll are untouched. Browsers without it get no highlight.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var NAME = 'player-sentence';
  var PICK = 'player-pick';
  var WORD = /[\p{L}\p{N}]/u;
  var FOLLOW_PAUSE_MS = 5000;
  var NEAR_LETTERS = 80;
  var UNIQUE_LETTERS = 40;

  function supported() {
    return !!(window.CSS && CSS.highlights && window.Highlight);
  }

  /** The text's letters and digits, lower-cased, with where each one is in the DOM. */
  function index(root) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    var letters = [];
    var nodes = [];
    var offsets = [];
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      var text = node.nodeValue;
      for (var i = 0; i < text.length; i++) {
        var ch = text[i];
        if (!WORD.test(ch)) continue;
        letters.push(ch.toLowerCase());
        nodes.push(node);
        offsets.push(i);
      }
    }
    return { text: letters.join(''), nodes: nodes, offsets: offsets };
  }

  function key(sentence) {
    var out = '';
    for (var i = 0; i < sentence.length; i++) if (WORD.test(sentence[i])) out += sentence[i].toLowerCase();
    return out;
  }

  /** Takes in the punctuation touching the letters (opening quotes before, full stop after). */
  function widen(text, at, direction) {
    var PUNCT = /[^\s\p{L}\p{N}]/u;
    if (direction < 0) {
      while (at > 0 && PUNCT.test(text[at - 1])) at--;
    } else {
      while (at < text.length && PUNCT.test(text[at])) at++;
    }
    return at;
  }

  /** A Range per sentence (null where not found), matched in order from the previous match. */
  function locate(root, sentences) {
    var flat = index(root);
    var cursor = 0;
    return sentences.map(function (sentence) {
      var wanted = key(sentence.text);
      if (!wanted) return null;
      var at = flat.text.indexOf(wanted, cursor);
      var length = wanted.length;
      // A long sentence whose middle differs (an inline image, a footnote): anchor on its start.
      if (at < 0 && wanted.length >= UNIQUE_LETTERS) {
        at = flat.text.indexOf(wanted.slice(0, UNIQUE_LETTERS), cursor);
        length = Math.min(wanted.length, flat.text.length - at);
      }
      // A short sentence ("Yes.", the chapter's title) also occurs inside later ones: only a match
      // close to the previous one is it. A long one is unambiguous anywhere, and re-anchors the
      // search after text the voice skipped (code blocks, images).
      if (at < 0 || (at - cursor > NEAR_LETTERS && wanted.length < UNIQUE_LETTERS)) return null;
      cursor = at + length;
      var range = document.createRange();
      var first = flat.nodes[at];
      var last = flat.nodes[at + length - 1];
      range.setStart(first, widen(first.nodeValue, flat.offsets[at], -1));
      range.setEnd(last, widen(last.nodeValue, flat.offsets[at + length - 1] + 1, 1));
      return range;
    });
  }

  ns.locateSentences = locate;

  ns.createHighlighter = function (root) {
    var timings = [];
    var ranges = [];
    var current = -1;
    var touched = 0;
    ['wheel', 'touchmove', 'keydown', 'mousedown'].forEach(function (type) {
      window.addEventListener(type, function () {
        touched = Date.now();
      }, { passive: true });
    });

    function at(time) {
      var lo = 0;
      var hi = timings.length - 1;
      var found = -1;
      while (lo <= hi) {
        var mid = (lo + hi) >> 1;
        if (timings[mid].start <= time) {
          found = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      return found >= 0 && time < timings[found].end + 0.25 ? found : -1;
    }
    // Keeps the spoken sentence on screen, unless the reader moved the page in the last seconds.
    function follow(range) {
      if (Date.now() - touched < FOLLOW_PAUSE_MS) return;
      var box = range.getBoundingClientRect();
      var bottom = window.innerHeight - (document.querySelector('.player--docked .player__bar') || { offsetHeight: 0 }).offsetHeight;
      if (box.top >= 0 && box.bottom <= bottom) return;
      var reduce = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: window.scrollY + box.top - window.innerHeight / 3, behavior: reduce ? 'instant' : 'smooth' });
    }

    return {
      enabled: supported(),
      load: function (sentences) {
        timings = sentences;
        ranges = root ? locate(root, sentences) : [];
        current = -1;
      },
      update: function (time) {
        if (!ranges.length || !supported()) return;
        var i = at(time);
        if (i === current) return;
        current = i;
        var range = i >= 0 ? ranges[i] : null;
        if (!range) {
          CSS.highlights.delete(NAME);
          return;
        }
        CSS.highlights.set(NAME, new Highlight(range));
        follow(range);
      },
      /**
       * Another chapter's text (chapter-move.js; null while the page changes). Its timings may come
       * before it (the audio starts first): the sentences loaded are found in it.
       */
      setRoot: function (element) {
        root = element;
        ranges = root && timings.length ? locate(root, timings) : [];
        current = -1;
        if (supported()) CSS.highlights.delete(NAME);
      },
      /** The chapter text the sentences are found in. */
      root: function () {
        return root;
      },
      /** The number of the sentence whose text holds the point (a DOM node and offset), -1 if none. */
      sentenceAt: function (node, offset) {
        for (var i = 0; i < ranges.length; i++) {
          if (ranges[i] && ranges[i].isPointInRange(node, offset)) return i;
        }
        return -1;
      },
      rangeOf: function (i) {
        return ranges[i] || null;
      },
      /** The sentence being spoken now, or null. */
      spoken: function () {
        return current >= 0 ? ranges[current] || null : null;
      },
      /** Marks sentence i as the one "Play from here" would start (-1: none). */
      mark: function (i) {
        if (!supported()) return;
        if (i >= 0 && ranges[i]) CSS.highlights.set(PICK, new Highlight(ranges[i]));
        else CSS.highlights.delete(PICK);
      },
      /** How many sentences were found in the text (tests, debugging). */
      found: function () {
        return ranges.filter(Boolean).length;
      },
      clear: function () {
        current = -1;
        if (supported()) CSS.highlights.delete(NAME);
      },
    };
  };
})();
