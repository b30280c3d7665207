// Choosing: the top card liked, passed or saved (a swipe, a button or a key), Undo and Start over.
// The deck changes at once and the vote follows (votes.js); a vote the server refuses brings its
// card back on top, as if undone, and an undo it refuses takes the card away again.
(function () {
  'use strict';
  var ns = (window.ChapterhouseDeck = window.ChapterhouseDeck || {});

  /** refill(focusTop?): cards.js. */
  ns.createChoices = function (deck, votes, refill) {
    var motion = ns.motion;
    var msg = deck.msg;

    function decide(action, from) {
      var card = deck.top();
      if (!card) return;
      var title = card.getAttribute('data-title');
      if (action === 'save' && !deck.signedIn) {
        motion.snapBack(card);
        deck.toast(msg('signin'));
        deck.announce(msg('signin'));
        return;
      }
      var slug = card.getAttribute('data-slug');
      var hadFocus = card.contains(document.activeElement);
      var entry = { card: card, slug: slug, title: title, action: action };
      deck.history.push(entry);
      deck.swiped[slug] = true;
      motion.flyOff(card, action, from);
      deck.layout();
      deck.showLast();
      var next = deck.top();
      if (hadFocus && next) next.querySelector('a').focus();
      refill();
      // With no card left, "every book seen" is said only when no more are coming (else refill says it).
      var after = next ? msg('next', next.getAttribute('data-title')) : deck.exhausted && !deck.loading ? msg('empty') : '';
      deck.announce((msg(action, title) + ' ' + after).trim());
      votes.vote(slug, action).catch(function (error) {
        // Not recorded: the card comes back on top, as if undone.
        var at = deck.history.indexOf(entry);
        if (at >= 0) deck.history.splice(at, 1);
        bringBack(entry);
        deck.showLast();
        deck.toast(error.message || msg('error'));
      });
    }

    function bringBack(entry) {
      delete deck.swiped[entry.slug];
      var twin = deck.find(entry.slug);
      if (twin && twin !== entry.card) twin.remove();
      motion.reset(entry.card);
      deck.list.insertBefore(entry.card, deck.list.firstElementChild);
      deck.exhausted = false;
      deck.layout();
      motion.returned(entry.card);
    }

    function undo() {
      var entry = deck.history.pop();
      if (!entry) return;
      bringBack(entry);
      deck.showLast();
      deck.announce(msg('undone', entry.title));
      votes.undo(entry.slug).catch(function (error) {
        // Still voted on the server: take the card away again.
        deck.history.push(entry);
        deck.swiped[entry.slug] = true;
        entry.card.remove();
        deck.layout();
        deck.showLast();
        deck.toast(error.message || msg('error'));
      });
    }

    function startOver() {
      votes.clear().then(
        function () {
          deck.history = [];
          deck.swiped = Object.create(null);
          deck.exhausted = false;
          var focusTop = deck.empty.contains(document.activeElement);
          deck.showLast();
          deck.announce(msg('cleared'));
          refill(focusTop);
        },
        function (error) { deck.toast(error.message || msg('error')); }
      );
    }

    return { decide: decide, undo: undo, startOver: startOver };
  };
})();
