// Selects that act when changed (a new language reloads the page, a shelf is saved) act only on a
// confirmed choice (WCAG 3.2.2): on a closed select, the arrow keys, Home/End, Page Up/Down and
// typed letters change the value and the browser reports a change at once. For a select marked
// data-confirm-change, such a change is held back until the reader confirms it: Enter or Space,
// or leaving the select. A choice made with the pointer or in the open list passes as it is.
(function () {
  'use strict';
  var BROWSING = /^(ArrowUp|ArrowDown|ArrowLeft|ArrowRight|Home|End|PageUp|PageDown)$|^.$/;
  var held = new WeakSet();
  var browsedAt = new WeakMap();

  function marked(target) {
    return target instanceof HTMLSelectElement && target.hasAttribute('data-confirm-change');
  }
  function release(select) {
    if (!held.has(select)) return;
    held.delete(select);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }

  document.addEventListener('keydown', function (event) {
    var select = event.target;
    if (!marked(select) || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === ' ') {
      if (held.has(select)) {
        event.preventDefault();
        release(select);
      }
      return;
    }
    if (BROWSING.test(event.key)) browsedAt.set(select, Date.now());
  }, true);

  // Capture, so the page's own listeners (htmx's trigger) never hear a change made by browsing keys.
  document.addEventListener('change', function (event) {
    var select = event.target;
    if (!marked(select) || !event.isTrusted) return;
    if (Date.now() - (browsedAt.get(select) || 0) > 250) return;
    event.stopImmediatePropagation();
    held.add(select);
  }, true);

  document.addEventListener('focusout', function (event) {
    if (marked(event.target)) release(event.target);
  }, true);
})();
