// /admin/audio: when htmx removes a deleted row, its button takes the focus with it. Move the focus
// to the delete button of the row that took its place (else the one before, else the heading),
// rather than losing it to <body>. htmx has no attribute for this, and inline handlers would break
// the CSP; hence a script.
(function () {
  'use strict';
  var pending = null;

  document.addEventListener('htmx:beforeSwap', function (event) {
    var row = event.detail && event.detail.target;
    if (!row || !row.classList || !row.classList.contains('audio-cache__row')) return;
    if (!row.contains(document.activeElement)) return;
    pending = { next: row.nextElementSibling, previous: row.previousElementSibling };
  });

  document.addEventListener('htmx:afterSettle', function () {
    if (!pending) return;
    var near = [pending.next, pending.previous].filter(function (row) {
      return row && row.isConnected;
    })[0];
    pending = null;
    var target = (near && near.querySelector('.audio-cache__delete')) || document.getElementById('audio-cache-heading');
    if (target) target.focus();
  });
})();
