// The offline reading page (views/pages/offline/OfflinePage.tsx): what this device keeps, how
// much room it takes, the writes waiting to be sent, and removing books. Built with DOM calls
// (textContent): titles come from the catalogue and are never parsed as HTML.
(function () {
  'use strict';
  var root = document.querySelector('[data-offline-page]');
  if (!root) return;
  var list = root.querySelector('[data-offline-books]');
  var empty = root.querySelector('[data-offline-empty]');
  var usage = root.querySelector('[data-offline-usage]');
  var removeAll = root.querySelector('[data-offline-remove-all]');
  var status = root.querySelector('[data-offline-status]');
  var pending = root.querySelector('[data-offline-pending]');
  var pendingText = root.querySelector('[data-offline-pending-text]');
  var sendNow = root.querySelector('[data-offline-send]');
  // Shown in place of a page that is not kept (the service worker's answer offline).
  if (location.pathname !== '/offline') root.querySelector('[data-offline-not-kept]').hidden = false;
  if (!('caches' in window) || !('indexedDB' in window) || !window.ChapterhouseStore) {
    root.querySelector('[data-offline-unsupported]').hidden = false;
    return;
  }
  var store = window.ChapterhouseStore;
  var say = window.ChapterhouseMessages.say;
  var size = window.ChapterhouseMessages.size;

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function summary(book) {
    var numbers = Object.keys(book.chapters).map(Number).sort(function (a, b) {
      return a - b;
    });
    var bytes = 0;
    var withAudio = 0;
    numbers.forEach(function (n) {
      var chapter = book.chapters[n];
      bytes += chapter.bytes || 0;
      if (chapter.audio) {
        withAudio++;
        bytes += chapter.audio.bytes || 0;
      }
    });
    return { numbers: numbers, bytes: bytes, withAudio: withAudio };
  }

  function row(book) {
    var facts = summary(book);
    var item = element('li', 'offline-book');
    item.setAttribute('data-offline-book', book.slug);
    var text = element('div', 'offline-book__text');
    var title = element('h2', 'offline-book__title');
    var link = element('a', null, book.title);
    link.href = book.url;
    title.appendChild(link);
    text.appendChild(title);
    if (book.author) text.appendChild(element('p', 'offline-book__author', book.author));
    var parts = [];
    if (facts.numbers.length) parts.push(say('offline.range', { from: facts.numbers[0], to: facts.numbers[facts.numbers.length - 1] }));
    parts.push(say('offline.chapters', { count: facts.numbers.length }));
    if (facts.withAudio) parts.push(say('offline.withAudio', { count: facts.withAudio }));
    parts.push(size(facts.bytes));
    text.appendChild(element('p', 'offline-book__facts', parts.join(' · ')));
    var actions = element('p', 'offline-book__actions');
    if (facts.numbers.length) {
      var read = element('a', 'button', say('offline.read'));
      read.href = book.chapters[facts.numbers[0]].url;
      actions.appendChild(read);
    }
    var remove = element('button', 'button button--quiet', say('offline.remove'));
    remove.type = 'button';
    remove.setAttribute('data-offline-remove', book.slug);
    remove.addEventListener('click', function () {
      forget([book]).then(function () {
        status.textContent = say('offline.removed');
      });
    });
    actions.appendChild(remove);
    text.appendChild(actions);
    item.appendChild(text);
    return item;
  }

  function forget(books) {
    return caches
      .open(store.KEPT)
      .then(function (cache) {
        return Promise.all(
          books.map(function (book) {
            return Promise.all(
              store.urlsOf(book).map(function (url) {
                return cache.delete(url, { ignoreVary: true });
              }),
            ).then(function () {
              return store.deleteBook(book.slug);
            });
          }),
        );
      })
      .then(draw);
  }

  function drawUsage() {
    if (!navigator.storage || !navigator.storage.estimate) return Promise.resolve();
    return navigator.storage.estimate().then(function (estimate) {
      var used = estimate.usage || 0;
      usage.textContent = say('offline.usage', { used: size(used), available: size(Math.max(0, (estimate.quota || 0) - used)) });
    });
  }

  function drawPending(count) {
    pending.hidden = !count;
    if (count) pendingText.textContent = say('offline.pending', { count: count });
  }

  var shown = [];
  function draw() {
    return store.books().then(function (books) {
      shown = books;
      list.textContent = '';
      books.forEach(function (book) {
        list.appendChild(row(book));
      });
      empty.hidden = books.length > 0;
      removeAll.hidden = books.length === 0;
      return Promise.all([drawUsage(), store.outboxCount().then(drawPending)]);
    });
  }

  removeAll.addEventListener('click', function () {
    forget(shown).then(function () {
      status.textContent = say('offline.removed');
    });
  });
  sendNow.addEventListener('click', function () {
    if (!navigator.serviceWorker) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: 'flush' });
    });
  });
  document.addEventListener('offline:outbox', function (event) {
    drawPending(event.detail.pending);
  });
  draw();
})();
