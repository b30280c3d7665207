// The voice previews of the /settings page. The list of voices with their Preview buttons is
// hidden in the HTML (previews need this script) and shown here. A press asks
// GET /api/presign/voice-sample/{voice} for the sample's link and plays it in the page's one
// <audio> element, so only one sample plays at a time; pressing the playing voice again stops it.
// The row of the voice chosen in the select is marked as it changes.
(function () {
  'use strict';
  var box = document.querySelector('[data-voice-previews]');
  if (!box) return;
  var player = box.querySelector('audio[data-voice-preview-player]');
  var status = box.querySelector('[data-voice-preview-status]');
  var select = document.querySelector('select[data-voice-select]');
  if (!player) return;
  var current = null; // the button whose sample is loading or playing
  var request = 0; // answers to an earlier press are ignored

  function message(kind, name) {
    return (box.getAttribute('data-msg-' + kind) || '').replace('{voice}', name);
  }

  function say(text, isError) {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle('is-error', Boolean(isError));
  }

  function show(button, state) {
    button.setAttribute('aria-pressed', state === 'idle' ? 'false' : 'true');
    button.textContent = message(state === 'idle' ? 'preview' : state === 'loading' ? 'loading' : 'stop', '');
    button.classList.toggle('is-playing', state === 'playing');
  }

  function stop() {
    request++;
    if (current) show(current, 'idle');
    current = null;
    player.pause();
    player.removeAttribute('src');
    player.load();
  }

  function fail(button, kind) {
    if (current !== button) return;
    stop();
    say(message(kind, button.getAttribute('data-voice-name') || ''), true);
  }

  function start(button) {
    stop();
    var voice = button.getAttribute('data-voice-preview');
    var name = button.getAttribute('data-voice-name') || voice;
    var mine = ++request;
    current = button;
    show(button, 'loading');
    say('', false);
    fetch('/api/presign/voice-sample/' + encodeURIComponent(voice), { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (response) {
        if (mine !== request) return null;
        if (response.status === 404) return fail(button, 'missing');
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json().then(function (body) {
          if (mine !== request) return;
          player.src = body.url;
          return player.play().then(function () {
            if (mine !== request) return;
            show(button, 'playing');
            say(message('playing', name), false);
          });
        });
      })
      .catch(function () {
        if (mine === request) fail(button, 'failed');
      });
  }

  box.addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('[data-voice-preview]') : null;
    if (!button) return;
    if (button === current) {
      stop();
      say('', false);
    } else start(button);
  });

  player.addEventListener('ended', function () {
    stop();
    say('', false);
  });
  player.addEventListener('error', function () {
    // Also fired by load() after the source is removed: only an error of the sample playing counts.
    if (current && player.getAttribute('src')) fail(current, 'failed');
  });

  function markSelected() {
    if (!select) return;
    var rows = box.querySelectorAll('[data-voice-row]');
    for (var i = 0; i < rows.length; i++) rows[i].classList.toggle('is-selected', rows[i].getAttribute('data-voice-row') === select.value);
  }
  if (select) select.addEventListener('change', markSelected);

  // Leaving the page (or the back-forward cache) must not leave a sample playing.
  window.addEventListener('pagehide', stop);
  box.hidden = false;
})();
