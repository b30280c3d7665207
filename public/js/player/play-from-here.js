// "Play from here": a tap or click on a sentence of the chapter text, or text selected in it,
// offers one small button by that sentence that starts the narration there; with text selected,
// Enter does the same. The text keeps its own ways: links and controls in it, selecting text and
// the reader's swipes are left alone, and no sentence becomes a tab stop. The sentences are those
// the highlight found (highlight.js), numbered as the audio's timings number them.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var OWN_ELEMENTS = 'a, button, input, select, textarea, summary, label, [contenteditable]';
  var GAP_PX = 6;

  /** The text position under a point of the viewport: {node, offset}, or null. said-wrong.js uses it too. */
  var pointAt = (ns.pointAt = function (x, y) {
    if (document.caretPositionFromPoint) {
      var p = document.caretPositionFromPoint(x, y);
      return p && { node: p.offsetNode, offset: p.offset };
    }
    if (document.caretRangeFromPoint) {
      var r = document.caretRangeFromPoint(x, y);
      return r && { node: r.startContainer, offset: r.startOffset };
    }
    return null;
  });

  /** The line box of `range` at height y (viewport), else its last line. */
  function lineAt(range, y) {
    var rects = range.getClientRects();
    for (var i = 0; i < rects.length; i++) if (y >= rects[i].top && y <= rects[i].bottom) return rects[i];
    return rects.length ? rects[rects.length - 1] : range.getBoundingClientRect();
  }

  /** button: the "Play from here" button (AudioPlayer.tsx); play(k) starts at sentence k. */
  ns.bindPlayFromHere = function (button, highlight, play) {
    if (!button) return { hide: function () {} };
    var chosen = -1;
    // On the page itself, so that it scrolls with the sentence it belongs to.
    document.body.appendChild(button);

    function inText(node) {
      var root = highlight.root();
      return !!root && !!node && root.contains(node);
    }
    function hide() {
      if (chosen < 0 && button.hidden) return;
      chosen = -1;
      button.hidden = true;
      highlight.mark(-1);
    }
    function offer(k, line) {
      chosen = k;
      highlight.mark(k);
      button.hidden = false;
      var width = document.documentElement.clientWidth;
      var left = Math.max(GAP_PX, Math.min(line.left, width - button.offsetWidth - GAP_PX));
      button.style.left = window.scrollX + left + 'px';
      button.style.top = window.scrollY + line.bottom + GAP_PX + 'px';
    }
    function selectedSentence() {
      var selection = window.getSelection();
      if (!selection || selection.isCollapsed || !selection.rangeCount) return null;
      var range = selection.getRangeAt(0);
      if (!inText(range.startContainer)) return null;
      var k = highlight.sentenceAt(range.startContainer, range.startOffset);
      return k >= 0 ? { k: k, range: range } : null;
    }
    function start(k) {
      hide();
      play(k);
    }

    document.addEventListener('click', function (event) {
      if (button.contains(event.target)) return;
      if (event.defaultPrevented || event.button !== 0 || !inText(event.target) || event.target.closest(OWN_ELEMENTS)) return hide();
      var selection = window.getSelection();
      if (selection && !selection.isCollapsed) return; // text being selected: offered below
      var point = pointAt(event.clientX, event.clientY);
      var k = point && inText(point.node) ? highlight.sentenceAt(point.node, point.offset) : -1;
      if (k < 0) return hide();
      offer(k, lineAt(highlight.rangeOf(k), event.clientY));
    });
    var settle = 0;
    document.addEventListener('selectionchange', function () {
      clearTimeout(settle);
      settle = setTimeout(function () {
        var found = selectedSentence();
        if (found) offer(found.k, lineAt(found.range, found.range.getBoundingClientRect().bottom));
      }, 200);
    });
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && !button.hidden) return hide();
      if (event.key !== 'Enter' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      var target = event.target;
      if (target && target.closest && target.closest(OWN_ELEMENTS)) return;
      var found = selectedSentence();
      if (!found) return;
      event.preventDefault();
      window.getSelection().removeAllRanges();
      start(found.k);
    });
    button.addEventListener('click', function () {
      if (chosen < 0) return hide();
      var k = chosen;
      var selection = window.getSelection();
      if (selection) selection.removeAllRanges();
      start(k);
    });
    window.addEventListener('resize', hide);
    return { hide: hide };
  };
})();
