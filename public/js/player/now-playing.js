// The bar's "now playing": the chapter and the book being heard, with the cover. The player lives
// on its chapter's page (listening on swaps the page to the next chapter, chapter-swap.js), so a tap
// on it brings the page to the sentence the voice is at, or to the chapter's title.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});

  /** spoken(): the Range of the sentence being read, or null (highlight.js). */
  ns.bindNowPlaying = function (root, spoken) {
    var now = root.querySelector('[data-player-now]');
    if (!now) return;
    var chapterTitle = now.querySelector('[data-player-now-chapter]');
    document.addEventListener('chapter:enter', function (event) {
      chapterTitle.textContent = (event.detail && event.detail.title) || '';
      now.setAttribute('href', location.pathname);
    });
    now.addEventListener('click', function (event) {
      var title = document.querySelector('article[data-reader] .reader__title');
      if (!title) return; // not on the chapter's page: the link opens it
      event.preventDefault();
      var range = spoken();
      var box = (range || title).getBoundingClientRect();
      var reduce = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: window.scrollY + box.top - window.innerHeight / 3, behavior: reduce ? 'instant' : 'smooth' });
      if (!range) {
        title.setAttribute('tabindex', '-1');
        title.focus({ preventScroll: true });
      }
    });
  };
})();
