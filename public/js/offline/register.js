// On every page: installs the service worker (public/js/offline/service-worker.js), shows the
// offline banner while the browser has no network, and asks the worker to send the writes made
// offline as soon as the network is back.
(function () {
  'use strict';
  var banner = document.querySelector('[data-offline-banner]');
  function showState() {
    var offline = navigator.onLine === false;
    if (banner) banner.hidden = !offline;
    document.documentElement.toggleAttribute('data-offline', offline);
  }
  showState();
  window.addEventListener('offline', showState);
  // Offline, htmx's reads (polls, lazy parts, pagers) cannot be answered: they are not sent, and a
  // reader who asked for one is told why. Writes still go, for the service worker to keep.
  document.addEventListener('htmx:beforeRequest', function (event) {
    var config = event.detail && event.detail.requestConfig;
    if (navigator.onLine !== false || !config || config.verb !== 'get') return;
    event.preventDefault();
    var trigger = config.triggeringEvent;
    var box = document.getElementById('toasts');
    if (trigger && /^(click|submit|change|keyup|search)$/.test(trigger.type) && box) {
      document.dispatchEvent(new CustomEvent('app:toast', { detail: { message: box.getAttribute('data-offline-message'), level: 'error' } }));
    }
  });
  if (!('serviceWorker' in navigator)) {
    window.addEventListener('online', showState);
    return;
  }
  function flush() {
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: 'flush' });
    });
  }
  window.addEventListener('online', function () {
    showState();
    flush();
  });
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () {
    // No worker (a private window, a browser setting): the site works as before, only not offline.
  });
  navigator.serviceWorker.addEventListener('message', function (event) {
    if (event.data && event.data.type === 'outbox') document.dispatchEvent(new CustomEvent('offline:outbox', { detail: event.data }));
  });
  if (navigator.onLine !== false) flush();
})();
