// The deck on the page (views/pages/discovery/DiscoverPage.tsx): which card is on top, the stack's
// depths, what is inert, the empty state, the "last choice" line with its Undo, and what is said
// through the live region. It also keeps what was chosen here, newest last, for Undo.
(function () {
  'use strict';
  var ns = (window.ChapterhouseDeck = window.ChapterhouseDeck || {});

  ns.createDeck = function (root) {
    var $ = function (name) {
      return root.querySelector('[data-deck-' + name + ']');
    };
    var list = $('cards');
    var empty = $('empty');
    var actions = $('actions');
    var keysHint = $('keys');
    var slugInput = $('slug');
    var undoForm = $('undo');
    var undoSlug = $('undo-slug');
    var lastLine = $('last');
    var statusLine = $('status');

    var deck = {
      list: list,
      empty: empty,
      actions: actions,
      undoForm: undoForm,
      resetForm: $('reset'),
      signedIn: root.getAttribute('data-signed-in') === '1',
      /** {card, slug, title, action}, newest last: what Undo brings back. */
      history: [],
      /** Slugs chosen here, kept out of refills racing their votes. */
      swiped: Object.create(null),
      /** More cards are on their way (cards.js); none are left on the server. */
      loading: false,
      exhausted: false,
      msg: function (name, title) {
        return (root.getAttribute('data-msg-' + name) || '').split('{title}').join(title || '');
      },
      announce: function (text) {
        // Cleared first, so the same words twice are still spoken twice.
        statusLine.textContent = '';
        setTimeout(function () {
          statusLine.textContent = text;
        }, 50);
      },
      toast: function (text) {
        document.dispatchEvent(new CustomEvent('app:toast', { detail: { message: text, level: 'error' } }));
      },
      /** The cards not on their way out; the first is on top. */
      live: function () {
        return Array.prototype.filter.call(list.children, function (li) {
          return !li.classList.contains('is-leaving');
        });
      },
      top: function () {
        return deck.live()[0] || null;
      },
      find: function (slug) {
        return list.querySelector('[data-slug="' + CSS.escape(slug) + '"]');
      },
      layout: function () {
        var cards = deck.live();
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
        empty.hidden = !(none && (deck.exhausted || !deck.loading));
      },
      showLast: function () {
        var entry = deck.history[deck.history.length - 1];
        undoForm.hidden = !entry;
        if (!entry) return;
        undoSlug.value = entry.slug;
        lastLine.textContent = deck.msg(entry.action, entry.title);
      },
    };
    return deck;
  };
})();
