// The Users page's "Copy link" button (views/pages/admin/users/IssuedLink.tsx): shown only where the
// page may write to the clipboard; the link's field can always be selected and copied by hand.
(function () {
  'use strict';
  if (!navigator.clipboard || !window.isSecureContext) return;
  document.querySelectorAll('[data-copy-from]').forEach(function (button) {
    var field = document.getElementById(button.getAttribute('data-copy-from'));
    if (!field) return;
    button.hidden = false;
    button.addEventListener('click', function () {
      navigator.clipboard.writeText(field.value).then(function () {
        button.textContent = button.getAttribute('data-copied');
      }, function () {
        field.select();
      });
    });
  });
})();
