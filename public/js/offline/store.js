// What this browser keeps for offline reading, shared by the pages and the service worker
// (importScripts): the kept books in IndexedDB (what was downloaded, for the storage page) and
// the outbox of writes made offline (progress, audio position, shelves), sent again in order
// when the network is back. The kept files themselves live in the Cache Storage named KEPT.
(function (scope) {
  'use strict';
  var DB_NAME = 'chapterhouse-offline';
  var VERSION = 1;
  var opening = null;

  function open() {
    if (opening) return opening;
    opening = new Promise(function (resolve, reject) {
      var request = indexedDB.open(DB_NAME, VERSION);
      request.onupgradeneeded = function () {
        var db = request.result;
        if (!db.objectStoreNames.contains('books')) db.createObjectStore('books', { keyPath: 'slug' });
        if (!db.objectStoreNames.contains('outbox')) db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
      };
      request.onsuccess = function () {
        resolve(request.result);
      };
      request.onerror = function () {
        opening = null;
        reject(request.error);
      };
    });
    return opening;
  }

  /** Runs `work(store)` in one transaction; resolves with what work's last request returned. */
  function run(name, mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(name, mode);
        var result;
        var request = work(tx.objectStore(name), function (value) {
          result = value;
        });
        if (request) {
          request.onsuccess = function () {
            result = request.result;
          };
        }
        tx.oncomplete = function () {
          resolve(result);
        };
        tx.onerror = tx.onabort = function () {
          reject(tx.error);
        };
      });
    });
  }

  /**
   * An outbox entry's `merge` names what a newer write replaces (the place in one chapter, the audio
   * position in one chapter): only the newest by `at` is kept, since the server keeps the newest anyway.
   * With `keepFirst`, the first write of that thing stays too: the server tells how long a reader
   * stayed in a chapter they went back to from the first and the latest write there.
   */
  function addToOutbox(entry) {
    return run('outbox', 'readwrite', function (store, done) {
      if (!entry.merge) return store.add(entry);
      var same = [];
      var cursor = store.openCursor();
      cursor.onsuccess = function () {
        var at = cursor.result;
        if (at) {
          if (at.value.merge === entry.merge) same.push({ key: at.primaryKey, at: at.value.at });
          at.continue();
          return;
        }
        if (same.some(function (queued) { return queued.at > entry.at; })) return done(false);
        var first = entry.keepFirst && same.length > 0 ? same.reduce(function (a, b) { return b.at < a.at ? b : a; }) : null;
        same.forEach(function (queued) {
          if (queued !== first) store.delete(queued.key);
        });
        store.add(entry);
        done(true);
      };
    });
  }

  scope.ChapterhouseStore = {
    KEPT: 'chapterhouse-kept-v1',
    book: function (slug) {
      return run('books', 'readonly', function (store) {
        return store.get(slug);
      });
    },
    books: function () {
      return run('books', 'readonly', function (store) {
        return store.getAll();
      }).then(function (all) {
        return (all || []).sort(function (a, b) {
          return b.updated - a.updated;
        });
      });
    },
    putBook: function (book) {
      return run('books', 'readwrite', function (store) {
        return store.put(book);
      });
    },
    deleteBook: function (slug) {
      return run('books', 'readwrite', function (store) {
        return store.delete(slug);
      });
    },
    /** Every address a kept book holds in the KEPT cache. */
    urlsOf: function (book) {
      var urls = [book.url];
      if (book.cover_url) urls.push(book.cover_url);
      Object.keys(book.chapters || {}).forEach(function (n) {
        var chapter = book.chapters[n];
        urls.push(chapter.url);
        if (chapter.audio) urls.push(chapter.audio.url, chapter.audio.timings_url);
      });
      return urls;
    },
    queue: addToOutbox,
    outbox: function () {
      return run('outbox', 'readonly', function (store) {
        return store.getAll();
      });
    },
    outboxCount: function () {
      return run('outbox', 'readonly', function (store) {
        return store.count();
      });
    },
    unqueue: function (id) {
      return run('outbox', 'readwrite', function (store) {
        return store.delete(id);
      });
    },
  };
})(self);
