// The header bell's unread count is never part of the page HTML (pages are cached per viewer, not
// per count): htmx fetches it once the page has loaded (hx-trigger="load" on #notification-count)
// and again on the `notifications:refresh` event. This script sends that event every minute while
// the tab is visible, when the window regains focus or the tab shows again (at most every 10 s),
// and when a page comes back from the back/forward cache. htmx trigger filters would need eval,
// which the CSP forbids; hence a script. It also keeps the focus in place on /notifications when
// an item is dismissed or marked read.
(function () {
  'use strict';
  var EVERY_MS = 60000;
  var MIN_GAP_MS = 10000;
  var EVENT = 'notifications:refresh';
  var last = Date.now();

  function refresh(minGap) {
    if (document.visibilityState !== 'visible' || !window.htmx) return;
    if (!document.getElementById('notification-count')) return;
    if (Date.now() - last < minGap) return;
    last = Date.now();
    window.htmx.trigger(document.body, EVENT);
  }

  setInterval(function () {
    refresh(EVERY_MS - 1000);
  }, EVERY_MS);
  window.addEventListener('focus', function () {
    refresh(MIN_GAP_MS);
  });
  document.addEventListener('visibilitychange', function () {
    refresh(MIN_GAP_MS);
  });
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) refresh(0);
  });
  // Any fresh count (the page's own answers also ask for one) restarts the minute.
  document.addEventListener('htmx:afterRequest', function (event) {
    if (event.target && event.target.id === 'notification-count') last = Date.now();
  });

  // An item's buttons disappear when htmx replaces or removes it: move the focus to the same item
  // (marked read), else its neighbour, else the heading, rather than losing it to <body>.
  var pending = null;
  document.addEventListener('htmx:beforeSwap', function (event) {
    var item = event.detail && event.detail.target;
    if (!item || !item.classList || !item.classList.contains('notification')) return;
    if (!item.contains(document.activeElement)) return;
    var neighbour = item.nextElementSibling || item.previousElementSibling;
    pending = { id: item.id, neighbour: neighbour && neighbour.id };
  });
  document.addEventListener('htmx:afterSettle', function () {
    if (!pending) return;
    var same = document.getElementById(pending.id);
    var next = pending.neighbour && document.getElementById(pending.neighbour);
    var target = (same && same.querySelector('button')) || (next && next.querySelector('button')) || document.getElementById('notifications-heading');
    pending = null;
    if (target) target.focus();
  });
})();
