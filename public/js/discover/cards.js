// More cards before the deck runs out: fetched as HTML from /discover/cards (the same view as the
// page) and appended below the ones here, leaving out any already shown or just chosen.
(function () {
  'use strict';
  var ns = (window.ChapterhouseDeck = window.ChapterhouseDeck || {});
  var REFILL_AT = 3;
  var BATCH = 10;
  var MAX = 50;

  ns.createRefill = function (deck, votes) {
    var focusAfterLoad = false;

    /**
     * focusTop (Start over gives it): whether the new top card takes the focus once cards come, as
     * the button that was used is gone. Without it the last word given stands.
     */
    return function refill(focusTop) {
      if (focusTop !== undefined) focusAfterLoad = focusTop;
      if (deck.loading || deck.exhausted || deck.live().length > REFILL_AT) return;
      deck.loading = true;
      var want = Math.min(MAX, BATCH + deck.live().length + votes.pending());
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
            if (!slug || deck.swiped[slug] || deck.find(slug)) return;
            deck.list.appendChild(li);
            added++;
          });
          // The request asked for more than the cards already here: nothing new means none are left.
          if (added === 0) deck.exhausted = true;
        })
        .catch(function () {
          if (deck.live().length === 0) deck.toast(deck.msg('error'));
        })
        .then(function () {
          deck.loading = false;
          deck.layout();
          var first = deck.top();
          if (!first && deck.exhausted && deck.history.length > 0) deck.announce(deck.msg('empty'));
          if (first && focusAfterLoad) first.querySelector('a').focus();
          focusAfterLoad = false;
        });
    };
  };
})();
