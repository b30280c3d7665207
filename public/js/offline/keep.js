// "Keep for offline" on the book and chapter pages (views/components/offline/OfflineKeep.tsx):
// asks /api/offline/books/{slug} what to download, keeps each page, the cover and the stored
// audio in the KEPT cache with a progress bar, and records the book for the storage page.
(function () {
  'use strict';
  var sections = document.querySelectorAll('[data-offline-keep]');
  if (!sections.length || !('caches' in window) || !('indexedDB' in window) || !('serviceWorker' in navigator)) return;
  var store = window.ChapterhouseStore;
  var say = window.ChapterhouseMessages.say;
  var AT_ONCE = 3;

  function listenerVoice() {
    return fetch('/api/settings', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (settings) {
        return settings && settings.voice ? settings.voice : null;
      })
      .catch(function () {
        return null;
      });
  }

  function keepOne(cache, url) {
    return fetch(url, { credentials: 'same-origin' }).then(function (response) {
      if (!response.ok) {
        var refused = new Error('HTTP ' + response.status);
        refused.status = response.status;
        throw refused;
      }
      var copy = response.clone();
      return cache.put(url, response).then(function () {
        return copy.blob();
      }).then(function (blob) {
        return blob.size;
      });
    });
  }

  /** Runs the tasks AT_ONCE at a time; `stop()` ends it early (no room left). */
  function runAll(tasks) {
    var next = 0;
    var stopped = false;
    function worker() {
      if (stopped || next >= tasks.length) return Promise.resolve();
      var task = tasks[next++];
      return task(function () {
        stopped = true;
      }).then(worker);
    }
    var workers = [];
    for (var i = 0; i < AT_ONCE; i++) workers.push(worker());
    return Promise.all(workers);
  }

  function keep(section, count, withAudio) {
    var slug = section.getAttribute('data-slug');
    var from = section.getAttribute('data-from');
    var button = section.querySelector('button[type=submit]');
    var bar = section.querySelector('[data-offline-keep-progress]');
    var status = section.querySelector('[data-offline-keep-status]');
    button.disabled = true;
    status.textContent = '';
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(function () {});
    return listenerVoice()
      .then(function (voice) {
        var query = '?from=' + encodeURIComponent(from) + '&count=' + encodeURIComponent(count) + (voice ? '&voice=' + encodeURIComponent(voice) : '');
        return fetch('/api/offline/books/' + encodeURIComponent(slug) + query, { credentials: 'same-origin', headers: { accept: 'application/json' } });
      })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      })
      .then(function (list) {
        return Promise.all([caches.open(store.KEPT), store.book(slug)]).then(function (opened) {
          return download(opened[0], opened[1], list, withAudio, bar, status);
        });
      })
      .catch(function () {
        status.textContent = say('offline.failed');
      })
      .then(function () {
        button.disabled = false;
        bar.hidden = true;
      });
  }

  function download(cache, known, list, withAudio, bar, status) {
    var book = known || { slug: list.book.slug, chapters: {} };
    book.title = list.book.title;
    book.author = list.book.author;
    book.url = list.book.url;
    book.cover_url = list.book.cover_url && list.book.cover_url.charAt(0) === '/' ? list.book.cover_url : null;
    var audioOf = {};
    if (withAudio) list.audio.forEach(function (a) {
      audioOf[a.chapter] = a;
    });
    var total = list.chapters.length;
    var done = 0;
    var failed = 0;
    var full = false;
    var audioRefused = false;
    bar.hidden = false;
    bar.max = total;
    bar.value = 0;
    status.textContent = say('offline.keeping', { done: 0, total: total });
    function problem(error, stop) {
      if (error && error.name === 'QuotaExceededError') {
        full = true;
        stop();
      }
    }
    var extras = [book.url].concat(book.cover_url ? [book.cover_url] : []);
    var tasks = extras.map(function (url) {
      return function (stop) {
        return keepOne(cache, url).catch(function (error) {
          problem(error, stop);
        });
      };
    });
    list.chapters.forEach(function (chapter) {
      tasks.push(function (stop) {
        var entry = { title: chapter.title, url: chapter.url, bytes: 0, audio: null };
        var audio = audioOf[chapter.number];
        return keepOne(cache, chapter.url)
          .then(function (bytes) {
            entry.bytes = bytes;
            book.chapters[chapter.number] = entry;
            if (!audio || audioRefused) return;
            return Promise.all([keepOne(cache, audio.url), keepOne(cache, audio.timings_url)]).then(
              function (sizes) {
                entry.audio = { url: audio.url, timings_url: audio.timings_url, voice: audio.voice, bytes: sizes[0] + sizes[1] };
              },
              function (error) {
                if (error && error.status === 402) audioRefused = true;
                else problem(error, stop);
              },
            );
          })
          .then(
            function () {
              done++;
            },
            function (error) {
              failed++;
              problem(error, stop);
            },
          )
          .then(function () {
            bar.value = done + failed;
            status.textContent = say('offline.keeping', { done: done, total: total });
          });
      });
    });
    return runAll(tasks).then(function () {
      book.updated = Date.now();
      return store.putBook(book).then(function () {
        var told = full ? say('offline.full') : failed ? say('offline.keptSome', { done: done, total: total }) : say('offline.kept', { count: done });
        status.textContent = told + (audioRefused ? ' ' + say('offline.audioPro') : '');
      });
    });
  }

  Array.prototype.forEach.call(sections, function (section) {
    var form = section.querySelector('[data-offline-keep-form]');
    if (!form) return;
    section.hidden = false;
    // Already kept here: say so, so that the reader knows before keeping more.
    store.book(section.getAttribute('data-slug')).then(function (book) {
      var count = book ? Object.keys(book.chapters || {}).length : 0;
      var status = section.querySelector('[data-offline-keep-status]');
      if (count && !status.textContent) status.textContent = say('offline.kept', { count: count });
    }, function () {});
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var data = new FormData(form);
      keep(section, Number(data.get('count')) || 10, data.get('audio') === 'on');
    });
  });
})();
