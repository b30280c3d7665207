// The navigation changes form rather than lose a word. The breakpoints in app.css suit most
// languages; this measures what they cannot know. On a wide screen whose one-row header would not
// fit (a long language, an admin's extra entry), html[data-nav='compact'] keeps the compact top bar
// and the tab bar; in the tab bar, when any label would be cut, the labels first get tighter (a
// smaller size, two lines: data-labels='tight'), and only when even that cuts one does every tab
// show its icon alone (the labels stay as the links' names). Measured again when the window changes size.
(function () {
  'use strict';
  var root = document.documentElement;
  var header = document.querySelector('[data-site-header]');
  var nav = header && header.querySelector('[data-site-nav]');
  if (!nav || !window.matchMedia) return;
  var wide = window.matchMedia('(min-width: 64em)');

  function overflows(element) {
    return element.scrollWidth > element.clientWidth;
  }
  // A tight label may take two lines; a third would be clipped.
  function cut(label) {
    return overflows(label) || label.scrollHeight > label.clientHeight + 1;
  }
  function anyLabelCut() {
    var labels = nav.querySelectorAll('.site-nav__label');
    for (var i = 0; i < labels.length; i++) if (cut(labels[i])) return true;
    return false;
  }
  // Measures the natural layout, then settles it, in one task: nothing in between is painted.
  function fit() {
    root.removeAttribute('data-nav');
    nav.removeAttribute('data-labels');
    if (wide.matches && (overflows(header) || overflows(nav))) root.setAttribute('data-nav', 'compact');
    if ((!wide.matches || root.hasAttribute('data-nav')) && anyLabelCut()) {
      nav.setAttribute('data-labels', 'tight');
      if (anyLabelCut()) nav.setAttribute('data-labels', 'icons');
    }
  }

  fit();
  var queued = false;
  window.addEventListener('resize', function () {
    if (queued) return;
    queued = true;
    window.requestAnimationFrame(function () {
      queued = false;
      fit();
    });
  });
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(fit);
})();
