// How a card moves: placed and tilted under a finger, settling back, flying off the screen in the
// direction chosen, springing back on Undo. With reduced motion asked for, cards jump instead.
(function () {
  'use strict';
  var ns = (window.ChapterhouseDeck = window.ChapterhouseDeck || {});
  var FLY_MS = 320;
  var SETTLE_MS = 250;
  var RETURN_MS = 350;
  var motion = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

  function reduced() {
    return !!(motion && motion.matches);
  }
  function place(card, x, y) {
    card.style.transform = 'translate(' + x + 'px, ' + y + 'px) rotate(' + (x / 18).toFixed(2) + 'deg)';
  }
  function clear(card) {
    card.classList.remove('is-dragging', 'is-leaving', 'is-settling');
    card.removeAttribute('data-hint');
    card.style.transform = '';
    card.style.opacity = '';
    card.style.removeProperty('--hint-strength');
  }

  ns.motion = {
    place: place,
    /** Under a finger: the choice it hints at, and how strongly (0 to 1 of the way to deciding). */
    hint: function (card, action, strength) {
      card.setAttribute('data-hint', action);
      card.style.setProperty('--hint-strength', Math.min(1, strength).toFixed(2));
    },
    snapBack: function (card) {
      card.classList.remove('is-dragging');
      card.removeAttribute('data-hint');
      card.style.removeProperty('--hint-strength');
      if (reduced()) return clear(card);
      card.classList.add('is-settling');
      card.style.transform = '';
      setTimeout(function () { card.classList.remove('is-settling'); }, SETTLE_MS);
    },
    /** from: where a drag left the card ({x, y}), if it was dragged. The card is removed after. */
    flyOff: function (card, action, from) {
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
    },
    /** Back on the deck (Undo, a vote refused): every trace of its motion gone. */
    reset: clear,
    /** Just put back on top: a short spring. */
    returned: function (card) {
      if (reduced()) return;
      card.classList.add('is-returning');
      setTimeout(function () { card.classList.remove('is-returning'); }, RETURN_MS);
    },
  };
})();
