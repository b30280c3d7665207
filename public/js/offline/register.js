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
