// The voice preview of the /settings page (views/pages/settings/VoiceField.tsx). The Preview button
// beside the voice <select> is hidden in the HTML (previews need this script) and shown here. A press
// asks GET /api/presign/voice-sample/{voice} for the link to the sample of the voice chosen in the
// select and plays it in the page's one <audio> element; pressing again stops it, and so does
// choosing another voice.
(function () {
  'use strict';
  var box = document.querySelector('[data-voice-field]');
  if (!box) return;
  var select = box.querySelector('select[data-voice-select]');
  var button = box.querySelector('[data-voice-preview]');
  var player = box.querySelector('audio[data-voice-preview-player]');
  var status = box.querySelector('[data-voice-preview-status]');
  var hint = box.querySelector('[data-voice-preview-hint]');
  if (!select || !button || !player) return;
  var state = 'idle'; // idle | loading | playing
  var request = 0; // answers to an earlier press are ignored

  function message(kind, name) {
    return (box.getAttribute('data-msg-' + kind) || '').replace('{voice}', name || '');
  }

  function voiceName() {
    var option = select.options[select.selectedIndex];
    return (option && option.getAttribute('data-voice-name')) || select.value;
  }

  function say(text, isError) {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle('is-error', Boolean(isError));
  }

  function show(next) {
    state = next;
    button.setAttribute('aria-pressed', next === 'idle' ? 'false' : 'true');
    button.textContent = message(next === 'idle' ? 'preview' : next === 'loading' ? 'loading' : 'stop');
    button.classList.toggle('is-playing', next === 'playing');
    button.setAttribute('aria-label', next === 'idle' ? message('preview-of', voiceName()) : button.textContent);
  }

  function stop() {
    request++;
    show('idle');
    player.pause();
    player.removeAttribute('src');
    player.load();
  }

  function fail(kind, name) {
    stop();
    say(message(kind, name), true);
  }

  function start() {
    stop();
    var voice = select.value;
    var name = voiceName();
    var mine = ++request;
    show('loading');
    say('', false);
    fetch('/api/presign/voice-sample/' + encodeURIComponent(voice), { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (response) {
        if (mine !== request) return null;
        if (response.status === 404) return fail('missing', name);
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json().then(function (body) {
          if (mine !== request) return;
          player.src = body.url;
          return player.play().then(function () {
            if (mine !== request) return;
            show('playing');
            say(message('playing', name), false);
          });
        });
      })
      .catch(function () {
        if (mine === request) fail('failed', name);
      });
  }

  button.addEventListener('click', function () {
    if (state === 'idle') start();
    else {
      stop();
      say('', false);
    }
  });

  // Another voice chosen: whatever was playing belonged to the previous one.
  select.addEventListener('change', function () {
    if (state !== 'idle') stop();
    else show('idle');
    say('', false);
  });

  player.addEventListener('ended', function () {
    stop();
    say('', false);
  });
  player.addEventListener('error', function () {
    // Also fired by load() after the source is removed: only an error of the sample playing counts.
    if (state !== 'idle' && player.getAttribute('src')) fail('failed', voiceName());
  });

  // Leaving the page (or the back-forward cache) must not leave a sample playing.
  window.addEventListener('pagehide', stop);
  button.hidden = false;
  if (hint) hint.hidden = false;
})();
