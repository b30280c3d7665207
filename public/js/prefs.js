// Appearance preferences: the form in views/components/AppearanceMenu.tsx works without this file
// (Save posts it, the server redirects back). With htmx each change is posted at once; this
// script applies it to <html> straight away and reloads after a language change, whose text
// only the server can render.
(function () {
  'use strict';
  var root = document.documentElement;
  var FORM = 'form[data-prefs]';

  function apply(field) {
    if (field.name === 'theme') root.setAttribute('data-theme', field.value);
    else if (field.name === 'font_family') root.setAttribute('data-font', field.value);
    else if (field.name === 'font_size') root.style.setProperty('--font-scale', field.value);
  }

  function saveButtons(hidden) {
    document.querySelectorAll(FORM + ' [data-prefs-save]').forEach(function (button) {
      button.hidden = hidden;
    });
  }

  document.addEventListener('change', function (event) {
    var field = event.target;
    if (!(field instanceof HTMLSelectElement || field instanceof HTMLInputElement)) return;
    var form = field.closest(FORM);
    if (!form) return;
    apply(field);
  });

  document.addEventListener('htmx:afterRequest', function (event) {
    var form = event.detail && event.detail.elt;
    if (!(form instanceof HTMLFormElement) || !form.matches(FORM)) return;
    if (!event.detail.successful) {
      // Let the person save by hand: the plain form post still works.
      saveButtons(false);
      return;
    }
    // Reload only once a request that carried a new language has been saved (changes made quickly
    // one after another are queued by hx-sync, and the last request carries them all).
    var sent = event.detail.requestConfig && event.detail.requestConfig.formData;
    var locale = sent && sent.get('locale');
    if (locale && locale !== root.lang) window.location.reload();
  });

  // Scripts are deferred in order, so htmx (loaded first) is present here if it loaded at all.
  if (window.htmx) saveButtons(true);
})();
