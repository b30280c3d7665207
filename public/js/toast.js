// Shows the short messages the server sends with htmx responses (the `app:toast` event of the
// HX-Trigger header, e.g. a failed save), so an error never passes silently. Also shows a
// generic message when a request could not reach the server at all.
(function () {
  'use strict';
  var SHOW_MS = 6000;

  function region() {
    return document.getElementById('toasts');
  }

  function show(message, level) {
    var box = region();
    if (!box || !message) return;
    var toast = document.createElement('p');
    toast.className = 'toast toast--' + (level === 'error' ? 'error' : 'info');
    toast.textContent = message;
    box.appendChild(toast);
    setTimeout(function () {
      toast.remove();
    }, SHOW_MS);
  }

  document.addEventListener('app:toast', function (event) {
    var detail = event.detail || {};
    show(detail.message, detail.level);
  });

  // A write kept on this device while offline (the service worker answers htmx with this event).
  document.addEventListener('app:queued', function () {
    var box = region();
    show(box && box.getAttribute('data-queued-message'), 'info');
  });

  document.addEventListener('htmx:sendError', function () {
    var box = region();
    show(box && box.getAttribute('data-offline-message'), 'error');
  });
})();
