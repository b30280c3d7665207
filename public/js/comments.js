// Comment threads (views/pages/comments): what htmx cannot do by attributes alone.
// - A link to a comment (#comment-123, from a reply notification) loads the thread at once,
//   with that comment's conversation first, and scrolls to it.
// - A posted comment or reply clears its form (and closes the reply box).
// - A vote shows at once; the server's answer (the swapped widget) then shows the stored totals.
// - The comments page's filter needs no Show button once htmx runs.
(function () {
  'use strict';
  var match = /^#comment-(\d{1,16})$/.exec(location.hash);
  var wanted = match ? match[1] : null;

  function loadFocused() {
    var thread = document.querySelector('[data-comments-thread]');
    if (!thread || !wanted) return;
    var url = thread.getAttribute('data-comments-url') || thread.getAttribute('hx-get');
    thread.setAttribute('hx-get', url + (url.indexOf('?') < 0 ? '?' : '&') + 'focus=' + wanted);
    thread.setAttribute('hx-trigger', 'load');
    if (window.htmx) window.htmx.process(thread);
  }

  function showWanted() {
    var target = wanted && document.getElementById('comment-' + wanted);
    if (!target) return;
    wanted = null;
    target.classList.add('comment--target');
    target.setAttribute('tabindex', '-1');
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  }

  document.addEventListener('htmx:afterSettle', function (event) {
    if (event.target && event.target.id === 'comments-thread') showWanted();
  });

  document.addEventListener('htmx:afterRequest', function (event) {
    var form = event.detail && event.detail.elt;
    if (!form || !form.matches || !form.matches('form[data-comment-form]') || !event.detail.successful) return;
    form.reset();
    var box = form.closest('details[data-reply-toggle]');
    if (box) box.open = false;
  });

  // Optimistic vote: press (or release) the button and move the counts before the answer arrives.
  document.addEventListener('click', function (event) {
    var button = event.target && event.target.closest ? event.target.closest('.votes__button') : null;
    if (!button || button.disabled) return;
    var form = button.form;
    if (!form || form.classList.contains('htmx-request')) return;
    var buttons = form.querySelectorAll('.votes__button');
    for (var i = 0; i < buttons.length; i++) {
      var b = buttons[i];
      var pressed = b.getAttribute('aria-pressed') === 'true';
      var count = b.querySelector('.votes__count');
      var next = b === button ? !pressed : false;
      if (pressed !== next && count) count.textContent = String(Math.max(0, Number(count.textContent) + (next ? 1 : -1)));
      b.setAttribute('aria-pressed', next ? 'true' : 'false');
    }
  });

  // A link to a comment already on the page (same-document navigation) only needs the highlight.
  window.addEventListener('hashchange', function () {
    var m = /^#comment-(\d{1,16})$/.exec(location.hash);
    wanted = m ? m[1] : null;
    showWanted();
  });

  // The comments page's filter (views/pages/comments/CommentsFilter.tsx): with htmx a change of the
  // select swaps the page's content in place, so its Show button is not needed; focus stays on the
  // (new) select, so a keyboard user can go on choosing.
  function hideFilterButtons() {
    if (!window.htmx) return;
    var buttons = document.querySelectorAll('[data-comments-filter-submit]');
    for (var i = 0; i < buttons.length; i++) buttons[i].hidden = true;
  }
  // The form is replaced by the swap (its events no longer reach the document): remember the request.
  var filtering = false;
  document.addEventListener('htmx:beforeRequest', function (event) {
    var elt = event.detail && event.detail.elt;
    if (elt && elt.matches && elt.matches('form[data-comments-filter]')) filtering = true;
  });
  document.addEventListener('htmx:afterSettle', function (event) {
    var settled = event.target && event.target.closest ? event.target.closest('#comments-main') : null;
    if (!filtering || !settled) return;
    filtering = false;
    hideFilterButtons();
    var select = document.getElementById('comments-filter');
    if (select) select.focus({ preventScroll: true });
  });
  hideFilterButtons();

  loadFocused();
  // The standalone comments page renders the thread with the page: the comment is already there.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', showWanted);
  else showWanted();
})();
