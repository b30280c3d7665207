// The service worker (served as /sw.js with self.CHAPTERHOUSE in front: features/offline/
// worker-script.ts). It keeps the site's own files, answers kept pages, covers and stored audio
// when there is no network, and holds the reader's writes made offline in an outbox that is sent
// again, in order, when the network is back (docs/offline.md). Everything else goes to the
// network untouched.
/* global importScripts */
'use strict';
var SETTINGS = self.CHAPTERHOUSE;
importScripts(SETTINGS.storeScript);
var store = self.ChapterhouseStore;
var SHELL = 'chapterhouse-shell-' + SETTINGS.version;
var ANSWERS = 'chapterhouse-answers-v1';
var SYNC_TAG = 'chapterhouse-outbox';
var ANY = { ignoreVary: true };
var ANY_QUERY = { ignoreVary: true, ignoreSearch: true };

self.addEventListener('install', function (event) {
  event.waitUntil(
    caches.open(SHELL).then(function (cache) {
      return cache.addAll(SETTINGS.shell.concat([SETTINGS.fallback]));
    }),
  );
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf('chapterhouse-shell-') === 0 && name !== SHELL;
            })
            .map(function (name) {
              return caches.delete(name);
            }),
        );
      })
      .then(function () {
        return self.clients.claim();
      })
      .then(flush),
  );
});

// ---- Answers ----
function json(status, body) {
  return new Response(JSON.stringify(body), { status: status, headers: { 'content-type': 'application/json' } });
}
function kept(request, options) {
  return caches.open(store.KEPT).then(function (cache) {
    return cache.match(request, options || ANY);
  });
}
/** The site's own fingerprinted files never change: the kept copy, else the network (and keep it). */
function shellFile(request) {
  return caches.match(request, ANY).then(function (hit) {
    return (
      hit ||
      fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(SHELL).then(function (cache) {
            return cache.put(request, copy);
          });
        }
        return response;
      })
    );
  });
}
/** A page: the network first (a kept copy is refreshed with it), else the kept copy, else the offline page. */
function page(request) {
  return fetch(request)
    .then(function (response) {
      if (response.ok && response.type === 'basic' && !response.redirected) {
        var copy = response.clone();
        kept(request).then(function (hit) {
          if (hit)
            caches.open(store.KEPT).then(function (cache) {
              return cache.put(request.url.split('#')[0], copy);
            });
        });
      }
      return response;
    })
    .catch(function (error) {
      return kept(request).then(function (hit) {
        if (hit) return hit;
        if (request.mode !== 'navigate') throw error;
        return caches.match(SETTINGS.fallback, ANY).then(function (fallback) {
          if (fallback) return fallback;
          throw error;
        });
      });
    });
}
function keptFirst(request) {
  return kept(request, ANY_QUERY).then(function (hit) {
    return hit || fetch(request);
  });
}
/** Stored audio kept on the device, answering the player's Range requests like the server does. */
function audioStream(request, url) {
  if (url.searchParams.has('from') || url.searchParams.has('locale')) return fetch(request);
  return kept(request, ANY_QUERY).then(function (hit) {
    if (!hit) return fetch(request);
    return hit.blob().then(function (blob) {
      var type = hit.headers.get('content-type') || 'audio/mpeg';
      var range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') || '');
      var headers = { 'content-type': type, 'accept-ranges': 'bytes' };
      if (!range || (range[1] === '' && range[2] === '')) {
        headers['content-length'] = String(blob.size);
        return new Response(blob, { status: 200, headers: headers });
      }
      var start = range[1] === '' ? Math.max(0, blob.size - Number(range[2])) : Number(range[1]);
      var end = range[1] !== '' && range[2] !== '' ? Math.min(Number(range[2]), blob.size - 1) : blob.size - 1;
      if (start >= blob.size || start > end) {
        return new Response(null, { status: 416, headers: { 'content-range': 'bytes */' + blob.size } });
      }
      headers['content-range'] = 'bytes ' + start + '-' + end + '/' + blob.size;
      headers['content-length'] = String(end - start + 1);
      return new Response(blob.slice(start, end + 1), { status: 206, headers: headers });
    });
  });
}
function keptAudio(slug, chapter) {
  return kept(new Request('/api/audio-stream/' + slug + '/' + chapter), ANY_QUERY);
}
/** Offline, a chapter whose audio is kept is "done": the player then plays the kept file. */
function audioJob(request) {
  var copy = request.clone();
  return fetch(request).catch(function (error) {
    return copy.json().then(function (body) {
      if (body.locale) throw error;
      return keptAudio(encodeURIComponent(body.slug), body.chapter).then(function (hit) {
        if (!hit) throw error;
        return json(202, { job_id: 'kept', status: 'done' });
      });
    });
  });
}
function audioStatus(request, match) {
  return fetch(request).catch(function (error) {
    return keptAudio(match[1], match[2]).then(function (hit) {
      if (!hit) throw error;
      return json(200, { job_id: 'kept', status: 'done', error: null });
    });
  });
}
/** Small answers a page needs to work offline (settings, voices, the reader's place): the last one seen. */
function remembered(request, offlineAnswer) {
  return fetch(request)
    .then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(ANSWERS).then(function (cache) {
          return cache.put(request, copy);
        });
      }
      return response;
    })
    .catch(function (error) {
      return (offlineAnswer ? offlineAnswer(request) : Promise.resolve(null))
        .then(function (answer) {
          return answer || caches.open(ANSWERS).then(function (cache) {
            return cache.match(request, ANY);
          });
        })
        .then(function (answer) {
          if (!answer) throw error;
          return answer;
        });
    });
}
/** The newest queued write whose body passes `test`, parsed. */
function newestQueued(path, test) {
  return store.outbox().then(function (entries) {
    var best = null;
    entries.forEach(function (entry) {
      if (new URL(entry.url).pathname !== path) return;
      var body;
      try {
        body = JSON.parse(entry.body);
      } catch (e) {
        return;
      }
      if (test(body) && (!best || entry.at >= best.at)) best = { at: entry.at, body: body };
    });
    return best;
  });
}
function placeWhileOffline(request) {
  var slug = decodeURIComponent(new URL(request.url).pathname.split('/').pop());
  return newestQueued('/api/progress', function (body) {
    return body.slug === slug;
  }).then(function (queued) {
    if (!queued) return null;
    var b = queued.body;
    var at = typeof b.timestamp === 'number' ? b.timestamp : Date.parse(b.timestamp) || queued.at;
    return json(200, { progress: { slug: slug, chapter: b.chapter, scroll: b.scroll || 0, audio_time: 0, updated: new Date(at).toISOString() } });
  });
}
function audioTimeWhileOffline(request) {
  var query = new URL(request.url).searchParams;
  var slug = query.get('slug');
  var chapter = Number(query.get('chapter'));
  return newestQueued('/api/progress/audio-time', function (body) {
    return body.slug === slug && body.chapter === chapter;
  }).then(function (queued) {
    return queued ? json(200, { audio_time: queued.body.audio_time }) : null;
  });
}

// ---- The outbox ----
var QUEUED = [
  ['POST', /^\/api\/progress$/],
  ['PATCH', /^\/api\/progress\/audio-time$/],
  ['PUT', /^\/api\/settings$/],
  ['POST', /^\/api\/library\/[^/]+$/],
  ['PATCH', /^\/api\/library\/[^/]+$/],
  ['DELETE', /^\/api\/library\/[^/]+$/],
  ['POST', /^\/library\/[^/]+$/],
];
var KEPT_HEADERS = ['content-type', 'accept', 'hx-request', 'hx-target', 'hx-current-url'];

function queueable(method, path) {
  return QUEUED.some(function (rule) {
    return rule[0] === method && rule[1].test(path);
  });
}
/**
 * What a newer write of the same thing replaces. The place is kept per chapter, in the order read,
 * so that the server applies its reading-place rule as it would have online: going back to an
 * earlier chapter does not undo the chapters read after it, and the furthest point is not lost.
 */
function mergeKey(path, body) {
  try {
    var data = JSON.parse(body);
    if (path === '/api/progress') return 'progress:' + data.slug + ':' + data.chapter;
    if (path === '/api/progress/audio-time') return 'audio:' + data.slug + ':' + data.chapter;
  } catch (e) {
    return null;
  }
  return null;
}
function queuedAnswer(request, path, body) {
  if (request.headers.get('hx-request') === 'true') {
    return new Response('', { status: 200, headers: { 'hx-reswap': 'none', 'hx-trigger': 'app:queued' } });
  }
  if (path.indexOf('/library/') === 0) {
    // A plain form: back where the reader was, as the server would have sent them.
    var back = new URLSearchParams(body).get('return_to') || '/';
    return Response.redirect(new URL(back.charAt(0) === '/' && back.charAt(1) !== '/' ? back : '/', self.location.origin).href, 303);
  }
  return json(202, { queued: true });
}
function sendOrQueue(request, path) {
  var copy = request.clone();
  return fetch(request).catch(function () {
    return copy.text().then(function (body) {
      var headers = {};
      KEPT_HEADERS.forEach(function (name) {
        var value = copy.headers.get(name);
        if (value !== null) headers[name] = value;
      });
      var entry = { method: copy.method, url: copy.url, headers: headers, body: body, at: Date.now(), merge: mergeKey(path, body), keepFirst: path === '/api/progress' };
      return store.queue(entry).then(function () {
        if (self.registration.sync) self.registration.sync.register(SYNC_TAG).catch(function () {});
        tellPages();
        return queuedAnswer(copy, path, body);
      });
    });
  });
}
function send(entry) {
  var init = { method: entry.method, headers: entry.headers, credentials: 'same-origin', redirect: 'manual' };
  if (entry.body) init.body = entry.body;
  return fetch(entry.url, init).then(
    function (response) {
      // The server is there but busy (5xx, 429): keep it for later. Anything else is final.
      if (response.status >= 500 || response.status === 429) return false;
      return store.unqueue(entry.id).then(function () {
        return true;
      });
    },
    function () {
      return false;
    },
  );
}
var flushing = null;
function flush() {
  if (flushing) return flushing;
  flushing = store
    .outbox()
    .then(function (entries) {
      return entries.reduce(function (going, entry) {
        return going.then(function (ok) {
          return ok && send(entry);
        });
      }, Promise.resolve(true));
    })
    .catch(function () {})
    .then(function () {
      flushing = null;
      return tellPages();
    });
  return flushing;
}
function tellPages() {
  return store.outboxCount().then(function (pending) {
    return self.clients.matchAll({ includeUncontrolled: true }).then(function (pages) {
      pages.forEach(function (client) {
        client.postMessage({ type: 'outbox', pending: pending });
      });
    });
  });
}

self.addEventListener('sync', function (event) {
  if (event.tag === SYNC_TAG) event.waitUntil(flush());
});
self.addEventListener('message', function (event) {
  if (event.data && event.data.type === 'flush') event.waitUntil(flush());
});

// ---- Routing ----
var NOT_PAGES = /^\/(api|auth|admin|logout|opds|kosync|sw\.js)(\/|$)/;
self.addEventListener('fetch', function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  var path = url.pathname;
  var match;
  if (request.method === 'GET') {
    if (path.indexOf('/assets/') === 0) return event.respondWith(shellFile(request));
    if (request.mode === 'navigate') {
      if (!NOT_PAGES.test(path)) event.respondWith(page(request));
      return;
    }
    // The player fetches the next chapter's page itself (player/chapter-swap.js).
    if (/^\/book\/[^/]+\/\d+$/.test(path) && request.headers.get('hx-request') !== 'true') return event.respondWith(page(request));
    if (path.indexOf('/covers/') === 0) return event.respondWith(keptFirst(request));
    if ((match = /^\/api\/audio-stream\/([^/]+)\/(\d+)$/.exec(path))) return event.respondWith(audioStream(request, url));
    if (/^\/api\/audio\/timings\/[^/]+\/\d+$/.test(path) && !url.searchParams.has('locale')) return event.respondWith(keptFirst(request));
    if ((match = /^\/api\/audio\/status\/([^/]+)\/(\d+)$/.exec(path)) && !url.searchParams.has('locale')) return event.respondWith(audioStatus(request, match));
    if (path === '/api/progress/audio-time') return event.respondWith(remembered(request, audioTimeWhileOffline));
    if (/^\/api\/progress\/[^/]+$/.test(path)) return event.respondWith(remembered(request, placeWhileOffline));
    if (path === '/api/settings' || path === '/api/voices') return event.respondWith(remembered(request));
    return;
  }
  if (request.method === 'POST' && path === '/api/audio') return event.respondWith(audioJob(request));
  if (queueable(request.method, path)) event.respondWith(sendOrQueue(request, path));
});
