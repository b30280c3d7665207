// The header's menus (<details>: appearance, account) and the library's per-book menus
// (views/pages/library/BookMenu.tsx) work without this file. With it they close as menus do: on
// Escape (the focus goes back to their button), on a click or focus elsewhere, and when another
// one opens.
(function () {
  'use strict';
  var MENU = '.site-header details, details[data-book-menu]';

  function closeAll(except) {
    document.querySelectorAll(MENU + '[open]').forEach(function (menu) {
      if (menu !== except) menu.open = false;
    });
  }
  function menuOf(target) {
    return target instanceof Element ? target.closest(MENU) : null;
  }

  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    var menu = menuOf(event.target);
    if (menu && menu.open) {
      menu.open = false;
      var summary = menu.querySelector('summary');
      if (summary) summary.focus();
    } else {
      closeAll(null);
    }
  });
  document.addEventListener('click', function (event) {
    closeAll(menuOf(event.target));
  });
  document.addEventListener('focusin', function (event) {
    closeAll(menuOf(event.target));
  });
  // `toggle` does not bubble: listen on the way down.
  document.addEventListener(
    'toggle',
    function (event) {
      var menu = event.target;
      if (menu instanceof HTMLDetailsElement && menu.open && menu.matches(MENU)) closeAll(menu);
    },
    true,
  );
})();
