// Swiping the top card with a finger or the mouse (pointer events alike). Right = like, left =
// pass, up = save; a swipe decides past a threshold (30% of the card's width, 20% of its height
// upwards, at least 80px), else the card snaps back. A move shorter than the slop is a click.
(function () {
  'use strict';
  var ns = (window.ChapterhouseDeck = window.ChapterhouseDeck || {});
  var SLOP_PX = 6;
  var MIN_THRESHOLD_PX = 80;

  function direction(dx, dy) {
    if (dy < 0 && -dy > Math.abs(dx)) return 'save';
    return dx >= 0 ? 'like' : 'pass';
  }
  function threshold(card, action) {
    return action === 'save' ? Math.max(MIN_THRESHOLD_PX, card.offsetHeight * 0.2) : Math.max(MIN_THRESHOLD_PX, card.offsetWidth * 0.3);
  }
  function reach(action, dx, dy) {
    return action === 'save' ? -dy : Math.abs(dx);
  }
  function swallow(e) {
    e.preventDefault();
    e.stopPropagation();
  }

  /** decide(action, {x, y}): what a swipe past the threshold does. */
  ns.bindSwipe = function (deck, decide) {
    var list = deck.list;
    var motion = ns.motion;
    var drag = null;

    list.addEventListener('dragstart', function (e) { e.preventDefault(); });
    list.addEventListener('pointerdown', function (e) {
      var card = deck.top();
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
      motion.hint(drag.card, action, reach(action, drag.dx, drag.dy) / threshold(drag.card, action));
      motion.place(drag.card, drag.dx, drag.dy);
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
      if (e.type === 'pointerup' && reach(action, d.dx, d.dy) >= threshold(d.card, action)) decide(action, { x: d.dx, y: d.dy });
      else motion.snapBack(d.card);
    }
    list.addEventListener('pointerup', release);
    list.addEventListener('pointercancel', release);
  };
})();
