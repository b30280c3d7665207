// On a chapter page (views/pages/reader/ChapterPage.tsx) the header, and with it the phone tab bar,
// steps aside while the reader scrolls down and comes back as soon as they scroll up, reach the top
// or the end of the page, or move the keyboard focus into it. It never hides while the focus is
// inside it or one of its menus is open. The header moves by its sticky offset (app.css, layout
// section), so the page never shifts; with prefers-reduced-motion it appears without sliding.
(function () {
  'use strict';
  var root = document.documentElement;
  var header = document.querySelector('[data-site-header]');
  if (!header || !document.querySelector('[data-reader]')) return;
  var STEP = 12; // pixels scrolled one way before the bars move: a trembling finger moves nothing
  var lastY = Math.max(0, window.scrollY);
  var hidden = false;
  var queued = false;

  function measure() {
    root.style.setProperty('--header-h', header.offsetHeight + 'px');
  }
  function inUse() {
    var active = document.activeElement;
    return (active && active !== document.body && header.contains(active)) || !!header.querySelector('details[open]');
  }
  function setHidden(value) {
    if (value === hidden) return;
    hidden = value;
    root.classList.toggle('chrome-hidden', value);
  }
  function update() {
    queued = false;
    var y = Math.max(0, window.scrollY);
    var end = document.documentElement.scrollHeight - window.innerHeight;
    // Back at the top, or at the very end, where the page ends above the bars anyway.
    if (y <= header.offsetHeight || y >= end - 2) {
      setHidden(false);
      lastY = y;
      return;
    }
    if (Math.abs(y - lastY) < STEP) return;
    if (y > lastY) setHidden(!inUse());
    else setHidden(false);
    lastY = y;
  }

  measure();
  if (window.ResizeObserver) new ResizeObserver(measure).observe(header);
  root.classList.add('header-autohide');
  window.addEventListener(
    'scroll',
    function () {
      if (queued) return;
      queued = true;
      window.requestAnimationFrame(update);
    },
    { passive: true },
  );
  header.addEventListener('focusin', function () {
    setHidden(false);
  });
})();
