// The discovery deck (views/pages/discovery/DiscoverPage.tsx). Without these scripts the page works
// with plain forms; with them the top card follows a finger or the mouse (swipe.js, motion.js), the
// buttons and arrow keys decide too (keys.js), votes go to /api/discover in order (votes.js), Undo
// brings the last card back on top (choices.js), and more cards come before the deck runs out
// (cards.js). This file puts the parts together and starts them.
//
// How the files load: classic scripts with `defer`, in the order of DECK_SCRIPTS in
// DiscoverPage.tsx, each adding its part to `window.ChapterhouseDeck`; this one comes last. Not ES
// modules: the asset table fingerprints each file by its own bytes, so a relative import would name
// an address that is not served, and an importer's address would not change with its imports while
// both are cached as immutable.
(function () {
  'use strict';
  var ns = window.ChapterhouseDeck;
  var root = document.querySelector('[data-discover]');
  if (!ns || !ns.createChoices || !root) return;

  var deck = ns.createDeck(root);
  var votes = ns.createVotes();
  var refill = ns.createRefill(deck, votes);
  var choices = ns.createChoices(deck, votes, refill);

  ns.bindSwipe(deck, choices.decide);
  Array.prototype.forEach.call(deck.actions.querySelectorAll('button[name="action"]'), function (button) {
    button.addEventListener('click', function (e) {
      e.preventDefault();
      choices.decide(button.value);
    });
  });
  ns.bindKeys(deck, choices.decide);
  deck.undoForm.addEventListener('submit', function (e) {
    // Nothing chosen on this page yet: the form undoes the server's last vote and reloads.
    if (deck.history.length === 0) return;
    e.preventDefault();
    choices.undo();
  });
  deck.resetForm.addEventListener('submit', function (e) {
    e.preventDefault();
    choices.startOver();
  });

  root.classList.add('discover--live');
  deck.layout();
  refill();
})();
