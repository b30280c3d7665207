// The /settings page. Without this file the form posts to /settings and the server redirects back.
// With it, every change is applied to the page at once (theme, font and size live on <html>) and
// saved with PUT /api/settings 800 ms after the last change, so several quick changes travel in one
// request. A failed save keeps the choices and sends them again with the next change. A new
// language reloads the page once saved: only the server renders text.
(function () {
  'use strict';
  var form = document.querySelector('form[data-settings]');
  if (!form) return;
  var root = document.documentElement;
  var status = form.querySelector('[data-settings-status]');
  var DEBOUNCE_MS = 800;
  var pending = {};
  var timer = null;
  var saving = false;
  var percent = new Intl.NumberFormat(form.getAttribute('data-locale-tag') || undefined, { style: 'percent', maximumFractionDigits: 1 });
  var decimal = new Intl.NumberFormat(form.getAttribute('data-locale-tag') || undefined, { minimumFractionDigits: 1, maximumFractionDigits: 2 });

  function valueOf(field) {
    if (field.type === 'checkbox') return field.checked;
    if (field.type === 'range') return Number(field.value);
    return field.value;
  }

  function showStatus(kind) {
    if (!status) return;
    status.textContent = kind ? form.getAttribute('data-msg-' + kind) || '' : '';
    status.classList.toggle('is-error', kind === 'failed');
  }

  function showRangeValue(field) {
    var output = form.querySelector('[data-output-for="' + field.id + '"]');
    var value = Number(field.value);
    var text = field.getAttribute('data-format') === 'percent' ? percent.format(value) : decimal.format(value) + '×';
    if (output) output.textContent = text;
    field.setAttribute('aria-valuetext', text);
  }

  function apply(name, value) {
    if (name === 'theme') root.setAttribute('data-theme', value);
    else if (name === 'font_family') root.setAttribute('data-font', value);
    else if (name === 'font_size') root.style.setProperty('--font-scale', String(value));
  }

  function hasPending() {
    return Object.keys(pending).length > 0;
  }

  function save(options) {
    clearTimeout(timer);
    timer = null;
    if (saving || !hasPending()) return;
    var batch = pending;
    pending = {};
    saving = true;
    showStatus('saving');
    fetch('/api/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(batch),
      credentials: 'same-origin',
      keepalive: Boolean(options && options.keepalive),
    })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      })
      .then(function (saved) {
        saving = false;
        if (batch.locale && saved.locale !== root.lang) {
          window.location.reload();
          return;
        }
        if (hasPending()) save();
        else showStatus('saved');
      })
      .catch(function () {
        saving = false;
        // Keep every choice: newer changes made meanwhile win over the batch that failed.
        for (var key in batch) if (!(key in pending)) pending[key] = batch[key];
        showStatus('failed');
      });
  }

  function changed(event, settled) {
    var field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || !field.name) return;
    if (field.type === 'range') showRangeValue(field);
    var value = valueOf(field);
    apply(field.name, value);
    pending[field.name] = value;
    // A slider sends `input` while it moves and `change` when let go; both restart the wait.
    if (settled || field.type === 'range') {
      showStatus('saving');
      clearTimeout(timer);
      timer = setTimeout(save, DEBOUNCE_MS);
    }
  }

  form.addEventListener('input', function (event) {
    changed(event, false);
  });
  form.addEventListener('change', function (event) {
    changed(event, true);
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    save();
  });
  // Leaving within the wait must not lose the last change.
  window.addEventListener('pagehide', function () {
    if (hasPending()) save({ keepalive: true });
  });

  var button = form.querySelector('[data-settings-save]');
  if (button) button.hidden = true;
})();
