// The discovery deck (views/pages/discovery/DiscoverPage.tsx). Without this file the page works
// with plain forms; with it the top card follows a finger or the mouse (pointer events), tilts,
// hints at the choice, snaps back below a threshold and flies off above it. Right = like, left =
// pass, up = save; the buttons and the arrow keys do the same. Votes go to /api/discover in order
// (one queue, so an undo never overtakes its vote); Undo brings the last card back on top; more
// cards are fetched as HTML (/discover/cards, the same view as the page) before the deck runs out.
(function () {
  'use strict';
  var root = document.querySelector('[data-discover]');
  if (!root) return;
  var list = root.querySelector('[data-deck-cards]');
  var empty = root.querySelector('[data-deck-empty]');
  var actions = root.querySelector('[data-deck-actions]');
  var keysHint = root.querySelector('[data-deck-keys]');
  var slugInput = root.querySelector('[data-deck-slug]');
  var undoForm = root.querySelector('[data-deck-undo]');
  var undoSlug = root.querySelector('[data-deck-undo-slug]');
  var lastLine = root.querySelector('[data-deck-last]');
  var statusLine = root.querySelector('[data-deck-status]');
  var resetForm = root.querySelector('[data-deck-reset]');
  var signedIn = root.getAttribute('data-signed-in') === '1';
  var motion = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  var REFILL_AT = 3;
  var BATCH = 10;
  var SLOP_PX = 6;
  var FLY_MS = 320;

  var history = []; // {card, slug, title, action}, newest last: what Undo brings back
  var swiped = Object.create(null); // slugs voted here, kept out of refills racing their votes
  var loading = false;
  var exhausted = false;
  var queue = Promise.resolve();
  var pending = 0;
  var focusAfterLoad = false;

  function reduced() {
    return !!(motion && motion.matches);
  }
  function msg(name, title) {
    return (root.getAttribute('data-msg-' + name) || '').split('{title}').join(title || '');
  }
  function announce(text) {
    // Cleared first, so the same words twice are still spoken twice.
    statusLine.textContent = '';
    setTimeout(function () {
      statusLine.textContent = text;
    }, 50);
  }
  function toast(text) {
    document.dispatchEvent(new CustomEvent('app:toast', { detail: { message: text, level: 'error' } }));
  }

  // ---- The deck: the first card not on its way out is on top ----
  function live() {
    return Array.prototype.filter.call(list.children, function (li) {
      return !li.classList.contains('is-leaving');
    });
  }
  function top() {
    return live()[0] || null;
  }
  function layout() {
    var cards = live();
    cards.forEach(function (card, i) {
      card.setAttribute('data-depth', String(Math.min(i, 3)));
      if (i === 0) {
        card.removeAttribute('inert');
        card.removeAttribute('aria-hidden');
      } else {
        card.setAttribute('inert', '');
        card.setAttribute('aria-hidden', 'true');
      }
    });
    var none = cards.length === 0;
    slugInput.value = none ? '' : cards[0].getAttribute('data-slug');
    actions.hidden = none;
    keysHint.hidden = none;
    empty.hidden = !(none && (exhausted || !loading));
  }
  function showLast() {
    var entry = history[history.length - 1];
    undoForm.hidden = !entry;
    if (!entry) return;
    undoSlug.value = entry.slug;
    lastLine.textContent = msg(entry.action, entry.title);
  }

  // ---- Talking to the server, one request after another ----
  function send(method, url, body) {
    pending++;
    var run = function () {
      return fetch(url, {
        method: method,
        credentials: 'same-origin',
        headers: body ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      }).then(function (res) {
        if (res.ok) return res.json().catch(function () { return null; });
        return res.json().then(
          function (b) { throw new Error((b && b.message) || ''); },
          function () { throw new Error(''); }
        );
      });
    };
    var done = queue.then(run, run);
    queue = done.catch(function () {});
    return done.then(
      function (value) { pending--; return value; },
      function (error) { pending--; throw error; }
    );
  }

  function refill() {
    if (loading || exhausted || live().length > REFILL_AT) return;
    loading = true;
    var want = Math.min(50, BATCH + live().length + pending);
    fetch('/discover/cards?limit=' + want, { credentials: 'same-origin', headers: { accept: 'text/html' } })
      .then(function (res) {
        if (!res.ok) throw new Error('cards ' + res.status);
        return res.text();
      })
      .then(function (html) {
        var box = document.createElement('template');
        box.innerHTML = html; // our own view, escaped on the server like the page itself
        var added = 0;
        Array.prototype.slice.call(box.content.children).forEach(function (li) {
          var slug = li.getAttribute('data-slug');
          if (!slug || swiped[slug] || list.querySelector('[data-slug="' + CSS.escape(slug) + '"]')) return;
          list.appendChild(li);
          added++;
        });
        // The request asked for more than the cards already here: nothing new means none are left.
        if (added === 0) exhausted = true;
      })
      .catch(function () {
        if (live().length === 0) toast(msg('error'));
      })
      .then(function () {
        loading = false;
        layout();
        var first = top();
        if (!first && exhausted && history.length > 0) announce(msg('empty'));
        // After Start over the button that was used is gone: the new top card takes the focus.
        if (first && focusAfterLoad) first.querySelector('a').focus();
        focusAfterLoad = false;
      });
  }

  // ---- Deciding: a swipe, a button or a key ----
  function place(card, x, y) {
    card.style.transform = 'translate(' + x + 'px, ' + y + 'px) rotate(' + (x / 18).toFixed(2) + 'deg)';
  }
  function clearMotion(card) {
    card.classList.remove('is-dragging', 'is-leaving', 'is-settling');
    card.removeAttribute('data-hint');
    card.style.transform = '';
    card.style.opacity = '';
    card.style.removeProperty('--hint-strength');
  }
  function snapBack(card) {
    card.classList.remove('is-dragging');
    card.removeAttribute('data-hint');
    card.style.removeProperty('--hint-strength');
    if (reduced()) return clearMotion(card);
    card.classList.add('is-settling');
    card.style.transform = '';
    setTimeout(function () { card.classList.remove('is-settling'); }, 250);
  }

  function flyOff(card, action, from) {
    card.classList.remove('is-dragging');
    card.classList.add('is-leaving');
    card.setAttribute('data-depth', 'leaving');
    var gone = function () {
      if (card.classList.contains('is-leaving')) card.remove();
    };
    if (reduced()) return gone();
    var w = window.innerWidth;
    var h = window.innerHeight;
    var x = action === 'like' ? w : action === 'pass' ? -w : (from ? from.x : 0);
    var y = action === 'save' ? -h : (from ? from.y : 0);
    card.setAttribute('data-hint', action);
    // A frame later, so a card that did not move yet (a key, a button) still animates.
    requestAnimationFrame(function () {
      place(card, x, y);
      card.style.opacity = '0';
    });
    setTimeout(gone, FLY_MS + 80);
  }

  function decide(action, from) {
    var card = top();
    if (!card) return;
    var title = card.getAttribute('data-title');
    if (action === 'save' && !signedIn) {
      snapBack(card);
      toast(msg('signin'));
      announce(msg('signin'));
      return;
    }
    var slug = card.getAttribute('data-slug');
    var hadFocus = card.contains(document.activeElement);
    var entry = { card: card, slug: slug, title: title, action: action };
    history.push(entry);
    swiped[slug] = true;
    flyOff(card, action, from);
    layout();
    showLast();
    var next = top();
    if (hadFocus && next) next.querySelector('a').focus();
    refill();
    // With no card left, "every book seen" is said only when no more are coming (else refill says it).
    var after = next ? msg('next', next.getAttribute('data-title')) : exhausted && !loading ? msg('empty') : '';
    announce((msg(action, title) + ' ' + after).trim());
    send('POST', '/api/discover/vote', { slug: slug, action: action }).catch(function (error) {
      // Not recorded: the card comes back on top, as if undone.
      var at = history.indexOf(entry);
      if (at >= 0) history.splice(at, 1);
      bringBack(entry);
      showLast();
      toast(error.message || msg('error'));
    });
  }

  function bringBack(entry) {
    delete swiped[entry.slug];
    var twin = list.querySelector('[data-slug="' + CSS.escape(entry.slug) + '"]');
    if (twin && twin !== entry.card) twin.remove();
    clearMotion(entry.card);
    list.insertBefore(entry.card, list.firstElementChild);
    exhausted = false;
    layout();
    if (!reduced()) {
      entry.card.classList.add('is-returning');
      setTimeout(function () { entry.card.classList.remove('is-returning'); }, 350);
    }
  }

  function undo() {
    var entry = history.pop();
    if (!entry) return;
    bringBack(entry);
    showLast();
    announce(msg('undone', entry.title));
    send('DELETE', '/api/discover/vote?slug=' + encodeURIComponent(entry.slug)).catch(function (error) {
      // Still voted on the server: take the card away again.
      history.push(entry);
      swiped[entry.slug] = true;
      entry.card.remove();
      layout();
      showLast();
      toast(error.message || msg('error'));
    });
  }

  function startOver() {
    send('DELETE', '/api/discover/vote').then(
      function () {
        history = [];
        swiped = Object.create(null);
        exhausted = false;
        focusAfterLoad = empty.contains(document.activeElement);
        showLast();
        announce(msg('cleared'));
        refill();
      },
      function (error) { toast(error.message || msg('error')); }
    );
  }

  // ---- Pointer: mouse and touch alike ----
  var drag = null;
  function direction(dx, dy) {
    if (dy < 0 && -dy > Math.abs(dx)) return 'save';
    return dx >= 0 ? 'like' : 'pass';
  }
  function threshold(card, action) {
    return action === 'save' ? Math.max(80, card.offsetHeight * 0.2) : Math.max(80, card.offsetWidth * 0.3);
  }

  list.addEventListener('dragstart', function (e) { e.preventDefault(); });
  list.addEventListener('pointerdown', function (e) {
    var card = top();
    if (!card || !card.contains(e.target) || drag) return;
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    drag = { card: card, id: e.pointerId, x0: e.clientX, y0: e.clientY, dx: 0, dy: 0, moved: false };
  });
  list.addEventListener('pointermove', function (e) {
    if (!drag || e.pointerId !== drag.id) return;
    drag.dx = e.clientX - drag.x0;
    drag.dy = e.clientY - drag.y0;
    if (!drag.moved) {
      if (Math.abs(drag.dx) < SLOP_PX && Math.abs(drag.dy) < SLOP_PX) return;
      // Captured only once it is a drag, so a plain click on the title still follows the link.
      drag.moved = true;
      drag.card.setPointerCapture(e.pointerId);
      drag.card.classList.add('is-dragging');
    }
    e.preventDefault();
    var action = direction(drag.dx, drag.dy);
    var reach = action === 'save' ? -drag.dy : Math.abs(drag.dx);
    drag.card.setAttribute('data-hint', action);
    drag.card.style.setProperty('--hint-strength', Math.min(1, reach / threshold(drag.card, action)).toFixed(2));
    place(drag.card, drag.dx, drag.dy);
  });
  function release(e) {
    if (!drag || e.pointerId !== drag.id) return;
    var d = drag;
    drag = null;
    if (!d.moved) return;
    // The click that ends a drag must not open the book.
    // It comes in the same task as pointerup, if at all (not after a touch), so a timer ends the watch.
    list.addEventListener('click', swallow, true);
    setTimeout(function () { list.removeEventListener('click', swallow, true); }, 0);
    var action = direction(d.dx, d.dy);
    var reach = action === 'save' ? -d.dy : Math.abs(d.dx);
    if (e.type === 'pointerup' && reach >= threshold(d.card, action)) decide(action, { x: d.dx, y: d.dy });
    else snapBack(d.card);
  }
  function swallow(e) {
    e.preventDefault();
    e.stopPropagation();
  }
  list.addEventListener('pointerup', release);
  list.addEventListener('pointercancel', release);

  // ---- Buttons, keys, undo, start over ----
  Array.prototype.forEach.call(actions.querySelectorAll('button[name="action"]'), function (button) {
    button.addEventListener('click', function (e) {
      e.preventDefault();
      decide(button.value);
    });
  });
  document.addEventListener('keydown', function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var target = e.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var action = { ArrowLeft: 'pass', ArrowRight: 'like', ArrowUp: 'save' }[e.key];
    if (!action || !top()) return;
    e.preventDefault();
    decide(action);
  });
  undoForm.addEventListener('submit', function (e) {
    // Nothing swiped on this page yet: the form undoes the server's last vote and reloads.
    if (history.length === 0) return;
    e.preventDefault();
    undo();
  });
  resetForm.addEventListener('submit', function (e) {
    e.preventDefault();
    startOver();
  });

  root.classList.add('discover--live');
  layout();
  refill();
})();
