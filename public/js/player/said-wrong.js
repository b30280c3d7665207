// "Said wrong": while the narration plays, a tap on a word of the chapter text offers, beside
// "Play from here", a button that tells the admins this word is mispronounced
// (POST /api/books/{slug}/pronunciations/reports). They see the reports grouped per word and
// answer them with the book's pronunciation list.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var GAP_PX = 6;
  var WORD = /[\p{L}\p{N}\p{M}'’-]/u;
  var LISTENING = ['stored', 'live', 'preparing'];

  /** The word of a text node around an offset, without the quotes and dashes at its ends; '' when none. */
  function wordAt(node, offset) {
    if (!node || node.nodeType !== Node.TEXT_NODE) return '';
    var text = node.data;
    var from = offset;
    var to = offset;
    while (from > 0 && WORD.test(text.charAt(from - 1))) from--;
    while (to < text.length && WORD.test(text.charAt(to))) to++;
    return text.slice(from, to).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  }

  /** button: the "said wrong" button (AudioPlayer.tsx); fromHere: "Play from here", which it stands beside. */
  ns.bindSaidWrong = function (root, button, fromHere, chapter, voice) {
    if (!button || !fromHere) return;
    document.body.appendChild(button);
    var word = '';
    var label = button.querySelector('[data-said-wrong-label]');

    function hide() {
      word = '';
      button.hidden = true;
    }
    function offer(found) {
      word = found;
      label.textContent = root.getAttribute('data-msg-said-wrong').replace('{word}', found);
      button.hidden = false;
      var width = document.documentElement.clientWidth;
      var box = fromHere.getBoundingClientRect();
      var beside = box.right + GAP_PX + button.offsetWidth + GAP_PX <= width;
      var left = beside ? box.right + GAP_PX : Math.max(GAP_PX, Math.min(box.left, width - button.offsetWidth - GAP_PX));
      var top = beside ? box.top : box.bottom + GAP_PX;
      button.style.left = window.scrollX + left + 'px';
      button.style.top = window.scrollY + top + 'px';
    }

    document.addEventListener('click', function (event) {
      if (button.contains(event.target)) return;
      // After "Play from here" has decided (its listener was added first): offered only beside it.
      setTimeout(function () {
        if (fromHere.hidden || LISTENING.indexOf(root.getAttribute('data-state')) < 0) return hide();
        var point = ns.pointAt(event.clientX, event.clientY);
        var found = point ? wordAt(point.node, point.offset) : '';
        if (!found) return hide();
        offer(found);
      }, 0);
    });
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') hide();
    });
    window.addEventListener('resize', hide);
    button.addEventListener('click', function () {
      if (!word) return hide();
      var reported = word;
      hide();
      var path = '/api/books/' + encodeURIComponent(chapter.slug) + '/pronunciations/reports';
      ns.json('POST', path, { chapter: chapter.chapter, word: reported, voice: voice() }).then(
        function (res) {
          var message = res.ok ? root.getAttribute('data-msg-reported').replace('{word}', reported) : (res.data && res.data.message) || root.getAttribute('data-msg-report-failed');
          document.dispatchEvent(new CustomEvent('app:toast', { detail: { message: message, level: res.ok ? 'info' : 'error' } }));
        },
        function () {
          document.dispatchEvent(new CustomEvent('app:toast', { detail: { message: root.getAttribute('data-msg-report-failed'), level: 'error' } }));
        },
      );
    });
  };
})();
