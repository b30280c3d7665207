// The deck's keys anywhere on the page, outside text fields: ← pass, → like, ↑ save.
(function () {
  'use strict';
  var ns = (window.ChapterhouseDeck = window.ChapterhouseDeck || {});
  var ACTIONS = { ArrowLeft: 'pass', ArrowRight: 'like', ArrowUp: 'save' };

  ns.bindKeys = function (deck, decide) {
    document.addEventListener('keydown', function (e) {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      var target = e.target;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      var action = ACTIONS[e.key];
      if (!action || !deck.top()) return;
      e.preventDefault();
      decide(action);
    });
  };
})();
