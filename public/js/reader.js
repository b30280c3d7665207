// The chapter reader (views/pages/reader/ChapterPage.tsx). Keys and swipes turn chapters; the
// reader's place is saved while they read and restored when they come back to the same chapter.
// Everything it needs is in data- attributes of the article (no inline scripts: CSP). Without
// this file the page still reads and its links still work. The page is the same for every reader
// (the server caches it), so the reader's own place is asked of /api/progress here. It also shows
// the keyboard tip where there is a keyboard, and applies the book font when its offer is taken.
(function () {
  'use strict';
  var article = document.querySelector('article[data-reader]');
  if (!article) return;
  var slug = article.getAttribute('data-slug');
  var chapter = Number(article.getAttribute('data-chapter'));
  var prevUrl = article.getAttribute('data-prev-url');
  var nextUrl = article.getAttribute('data-next-url');
  var bar = document.querySelector('[data-reader-bar]');
  var SAVE_AFTER_MS = 1200;
  var SWIPE_MIN_PX = 60;
  var ENDPOINT = '/api/progress';

  // ---- Where the reader is: the share of the chapter scrolled past, 0..1 ----
  function span() {
    return Math.max(0, article.offsetHeight - window.innerHeight);
  }
  function articleTop() {
    return article.getBoundingClientRect().top + window.scrollY;
  }
  function fraction() {
    var room = span();
    if (room === 0) return 1; // the whole chapter fits on screen
    return Math.min(1, Math.max(0, (window.scrollY - articleTop()) / room));
  }

  var drawing = false;
  function drawBar() {
    drawing = false;
    if (bar) bar.style.transform = 'scaleX(' + fraction().toFixed(4) + ')';
  }

  // ---- Saving: at once when the chapter opens, then the scroll position as it changes ----
  // Each write carries the device's time: the server keeps the newest, so a late beacon from the
  // previous chapter cannot move the reader back.
  function body(withScroll) {
    var data = { slug: slug, chapter: chapter, timestamp: Date.now() };
    if (withScroll) data.scroll = Math.round(fraction() * 1000) / 1000;
    return JSON.stringify(data);
  }
  // A save that fails is said once (a toast), not at every scroll; a later success re-arms it.
  var toldUnsaved = false;
  function saved(ok) {
    if (ok) {
      toldUnsaved = false;
      return;
    }
    if (toldUnsaved) return;
    toldUnsaved = true;
    var box = document.getElementById('toasts');
    var message = box && box.getAttribute('data-unsaved-message');
    if (message) document.dispatchEvent(new CustomEvent('app:toast', { detail: { message: message, level: 'error' } }));
  }
  function post(json) {
    return fetch(ENDPOINT, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: json,
    }).then(
      function (response) {
        saved(response.ok);
      },
      function () {
        saved(false);
      },
    );
  }
  // Leaving the page: a beacon outlives it. A Blob gives it the JSON content type.
  function beacon(json) {
    var sent = false;
    try {
      sent = !!navigator.sendBeacon && navigator.sendBeacon(ENDPOINT, new Blob([json], { type: 'application/json' }));
    } catch (e) {
      sent = false;
    }
    if (!sent) post(json);
  }

  var dirty = false;
  var timer = 0;
  function saveSoon() {
    dirty = true;
    clearTimeout(timer);
    timer = setTimeout(function () {
      if (!dirty) return;
      dirty = false;
      post(body(true));
    }, SAVE_AFTER_MS);
  }
  function saveNow() {
    clearTimeout(timer);
    if (!dirty) return;
    dirty = false;
    beacon(body(true));
  }

  // ---- Turning chapters ----
  function go(url) {
    if (!url) return;
    saveNow();
    window.location.href = url;
  }
  function typing(target) {
    return !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }
  // j and k mirror ← and →: j is the left-hand key of the pair.
  var KEYS = { ArrowLeft: -1, j: -1, ArrowRight: 1, k: 1 };
  document.addEventListener('keydown', function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (typing(event.target)) return;
    var step = KEYS[event.key];
    if (!step) return;
    var url = step < 0 ? prevUrl : nextUrl;
    if (!url) return;
    event.preventDefault();
    go(url);
  });

  var touch = null;
  document.addEventListener('touchstart', function (event) {
    var target = event.target;
    // Sideways scrollers (code blocks, the header nav) and form fields keep their own swipes.
    var own = target && target.closest && target.closest('pre, .site-nav, input, select, textarea');
    touch = event.touches.length === 1 && !own ? { x: event.touches[0].clientX, y: event.touches[0].clientY } : null;
  }, { passive: true });
  document.addEventListener('touchend', function (event) {
    if (!touch || event.changedTouches.length !== 1) return;
    var dx = event.changedTouches[0].clientX - touch.x;
    var dy = event.changedTouches[0].clientY - touch.y;
    touch = null;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(dy)) return;
    if (String(window.getSelection ? window.getSelection() : '').length > 0) return; // selecting text
    go(dx < 0 ? nextUrl : prevUrl);
  }, { passive: true });
  document.addEventListener('touchcancel', function () {
    touch = null;
  }, { passive: true });

  // ---- The keyboard tip: only where the keys above can be pressed (a keyboard, a fine pointer) ----
  var keyboard = window.matchMedia ? window.matchMedia('(hover: hover) and (pointer: fine)') : null;
  function showHint() {
    var hint = document.querySelector('[data-keys-hint]');
    if (hint && keyboard) hint.hidden = !keyboard.matches;
  }
  showHint();
  if (keyboard && keyboard.addEventListener) keyboard.addEventListener('change', showHint);

  // ---- The book font offer (views/pages/reader/BookFontSuggestion.tsx) ----
  // The preference is saved by htmx (POST /prefs); here the choice takes effect at once, the
  // appearance menu shows it, and the offer goes.
  document.addEventListener('htmx:afterRequest', function (event) {
    var form = event.detail && event.detail.elt;
    if (!form || !form.matches || !form.matches('form[data-font-offer]') || !event.detail.successful) return;
    var sent = event.detail.requestConfig && event.detail.requestConfig.formData;
    var font = sent && sent.get('font_family');
    if (font) {
      document.documentElement.setAttribute('data-font', font);
      var select = document.getElementById('prefs-font');
      if (select) select.value = font;
    }
    var title = article.querySelector('.reader__title');
    form.remove();
    if (title) {
      title.setAttribute('tabindex', '-1');
      title.focus({ preventScroll: true });
    }
  });

  // ---- Start: restore the place, record the visit, follow the scroll ----
  // The saved place is read before this visit is recorded, which would overwrite it. Only a
  // return to the chapter the reader left restores, and only on a fresh load still at the top:
  // after a reload or "back" the browser has its own position, and a reader who already scrolled
  // keeps theirs. data-scroll marks what was restored (tests and styles can see it).
  function restore(progress) {
    if (!progress || progress.chapter !== chapter || !(progress.scroll > 0) || window.scrollY >= 1) return;
    article.setAttribute('data-scroll', String(progress.scroll));
    window.scrollTo({ top: Math.round(articleTop() + progress.scroll * span()), left: 0, behavior: 'instant' });
  }
  fetch(ENDPOINT + '/' + encodeURIComponent(slug), { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(function (response) {
      return response.ok ? response.json() : null;
    })
    .then(function (data) {
      restore(data && data.progress);
    })
    .catch(function () {})
    .then(function () {
      post(body(false));
    });
  drawBar();
  window.addEventListener('scroll', function () {
    if (!drawing) {
      drawing = true;
      window.requestAnimationFrame(drawBar);
    }
    saveSoon();
  }, { passive: true });
  window.addEventListener('resize', drawBar, { passive: true });
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') saveNow();
  });
  window.addEventListener('pagehide', saveNow);
  // Back or forward into a page kept in memory runs no script again: record the return here.
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) post(body(true));
  });

  // ---- Another chapter in this page (the player's auto-next, public/js/player/chapter-swap.js) ----
  // The place in the chapter left is saved before it goes; the new one is recorded as a visit,
  // as its page load would have.
  document.addEventListener('chapter:leave', saveNow);
  document.addEventListener('chapter:enter', function () {
    slug = article.getAttribute('data-slug');
    chapter = Number(article.getAttribute('data-chapter'));
    prevUrl = article.getAttribute('data-prev-url');
    nextUrl = article.getAttribute('data-next-url');
    clearTimeout(timer);
    dirty = false;
    showHint();
    drawBar();
    post(body(false));
  });
})();
