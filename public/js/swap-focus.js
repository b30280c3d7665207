// After an htmx swap a reader started, focus is never left on <body> and the change is said.
// Posting a comment disables its button and "Next page" is replaced by the books it brought: the
// element that had the focus is gone or disabled. Then the focus goes to the first element the
// answer marked data-swap-focus (the new comment, the first new book), else back where it was if
// it can still take it. Any data-announce of the new content is said in a polite live region.
(function () {
  'use strict';
  var region = null;
  var focusedAtRequest = null;

  function announce(text) {
    if (!text) return;
    if (!region) {
      region = document.createElement('p');
      region.className = 'visually-hidden';
      region.setAttribute('role', 'status');
      region.setAttribute('aria-live', 'polite');
      region.setAttribute('data-swap-announcer', '');
      document.body.appendChild(region);
    }
    // Cleared first, so the same words said twice are heard twice.
    region.textContent = '';
    setTimeout(function () { region.textContent = text; }, 50);
  }
  function lost() {
    var active = document.activeElement;
    return !active || active === document.body || !active.isConnected || active.disabled;
  }
  function canTakeFocus(element) {
    return element && element.isConnected && !element.disabled && element !== document.body && element.offsetParent !== null;
  }

  document.addEventListener('htmx:beforeRequest', function () {
    focusedAtRequest = document.activeElement;
    // Marks an earlier answer left unused (nobody had lost the focus) are not this answer's.
    document.querySelectorAll('[data-swap-focus]').forEach(function (element) { element.removeAttribute('data-swap-focus'); });
  });
  document.addEventListener('htmx:afterSettle', function () {
    var marked = document.querySelector('[data-swap-focus]');
    var said = document.querySelectorAll('[data-announce]');
    for (var i = 0; i < said.length; i++) {
      announce(said[i].getAttribute('data-announce'));
      said[i].removeAttribute('data-announce');
    }
    var had = focusedAtRequest;
    // Only a focus the swap took away is given back: a page scrolled by a mouse is left alone. One
    // answer may settle more than once (its out-of-band parts first): wait for the one that loses it.
    // htmx gives the focus to a new element with the old one's id ("Next page" comes back under the
    // new books): that counts as lost too when the answer marked where the reader should be.
    if (!had || had === document.body || !(lost() || (marked && !had.isConnected))) return;
    var next = marked || (canTakeFocus(had) ? had : null);
    if (!next) return;
    focusedAtRequest = null;
    if (marked) marked.removeAttribute('data-swap-focus');
    if (!next.hasAttribute('tabindex') && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(next.tagName)) next.setAttribute('tabindex', '-1');
    next.focus({ preventScroll: false });
  });
})();
