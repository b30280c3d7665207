// The voice, chosen in the player's options: every voice of GET /api/voices in one native <select>,
// grouped by engine and language (<optgroup>), a Preview of the voice selected (its sample, GET
// /api/presign/voice-sample/{voice}, played while the chapter waits) and "Use this voice", which
// saves the choice (PUT /api/settings) and goes on in that voice from the sentence being spoken
// (playback.js). On a translated page the server picks a voice that speaks the translation's
// language, so the picker says that instead of offering voices.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});

  function languageNames() {
    try {
      return new Intl.DisplayNames([document.documentElement.lang || 'en'], { type: 'language' });
    } catch (e) {
      return null; // without Intl's data the tags are shown
    }
  }

  /** [{label, voices}] in the order of /api/voices: by engine, then by language within it. */
  function groupVoices(voices, engineLabel) {
    var names = languageNames();
    var groups = [];
    var byKey = {};
    voices.forEach(function (voice) {
      var key = voice.engine + '\u0000' + voice.language;
      if (!byKey[key]) {
        var language = voice.language;
        try {
          language = (names && names.of(voice.language)) || voice.language;
        } catch (e) {
          /* a tag Intl does not know stays as it is */
        }
        byKey[key] = { label: engineLabel(voice.engine) + ' · ' + language, voices: [] };
        groups.push(byKey[key]);
      }
      byKey[key].voices.push(voice);
    });
    return groups;
  }

  /**
   * root: the player (its data-msg-* texts); actions: {choose(id): the chapter goes on in voice id,
   * pause(): pauses the chapter and tells whether it was playing, resume()}.
   */
  ns.bindVoicePicker = function (root, actions) {
    var $ = function (name) {
      return root.querySelector('[data-player-voice-' + name + ']');
    };
    var field = $('field');
    var select = $('select');
    var preview = $('preview');
    var use = $('use');
    var note = $('note');
    var sample = $('sample');
    if (!field || !select || !preview || !use || !sample) return { show: function () {} };
    var msg = function (name, params) {
      return ns.message(root, name, params);
    };
    var current = null;
    var state = 'idle'; // the preview: idle | loading | playing
    var request = 0; // answers to an earlier press are ignored
    var resumeChapter = false;

    function nameOf(id) {
      var option = select.querySelector('option[value="' + (window.CSS && CSS.escape ? CSS.escape(id) : id) + '"]');
      return option ? option.textContent : id;
    }
    function say(text, isError) {
      note.textContent = text || '';
      note.classList.toggle('player__hint--error', !!isError);
    }
    // aria-disabled, not disabled: a button pressed and then disabled would drop the focus to the
    // page, and the next Tab would start over from the top.
    function showUse() {
      use.setAttribute('aria-disabled', String(!select.value || select.value === current));
    }
    function showPreview(next) {
      state = next;
      preview.setAttribute('aria-pressed', next === 'idle' ? 'false' : 'true');
      preview.textContent = msg(next === 'idle' ? 'voice-preview' : next === 'loading' ? 'voice-loading' : 'voice-stop');
      preview.setAttribute('aria-label', next === 'idle' ? msg('voice-preview-of', { voice: nameOf(select.value) }) : preview.textContent);
    }
    function stopPreview() {
      request++;
      showPreview('idle');
      sample.pause();
      sample.removeAttribute('src');
      sample.load();
      if (resumeChapter) actions.resume();
      resumeChapter = false;
    }
    function startPreview() {
      stopPreview();
      var voice = select.value;
      var name = nameOf(voice);
      var mine = ++request;
      showPreview('loading');
      say('');
      ns.json('GET', '/api/presign/voice-sample/' + encodeURIComponent(voice))
        .then(function (res) {
          if (mine !== request) return;
          if (res.status === 404) {
            stopPreview();
            return say(msg('voice-missing', { voice: name }), true);
          }
          if (!res.ok || !res.data || !res.data.url) throw new Error('HTTP ' + res.status);
          resumeChapter = actions.pause();
          sample.src = res.data.url;
          return sample.play().then(function () {
            if (mine !== request) return;
            showPreview('playing');
            say(msg('voice-playing', { voice: name }));
          });
        })
        .catch(function () {
          if (mine !== request) return;
          stopPreview();
          say(msg('voice-failed', { voice: name }), true);
        });
    }
    function fill(voices) {
      var label = function (engine) {
        return root.getAttribute('data-engine-' + engine) || engine;
      };
      select.textContent = '';
      groupVoices(voices, label).forEach(function (group) {
        var optgroup = document.createElement('optgroup');
        optgroup.label = group.label;
        group.voices.forEach(function (voice) {
          var option = document.createElement('option');
          option.value = voice.id;
          option.textContent = voice.name;
          optgroup.appendChild(option);
        });
        select.appendChild(optgroup);
      });
    }

    preview.addEventListener('click', function () {
      if (state === 'idle') startPreview();
      else {
        stopPreview();
        say('');
      }
    });
    select.addEventListener('change', function () {
      if (state !== 'idle') stopPreview();
      else showPreview('idle');
      say('');
      showUse();
    });
    use.addEventListener('click', function () {
      var voice = select.value;
      if (!voice || voice === current) return;
      if (state !== 'idle') stopPreview();
      current = voice;
      showUse();
      actions.choose(voice);
      say(msg('voice-chosen', { voice: nameOf(voice) }));
    });
    sample.addEventListener('ended', function () {
      stopPreview();
      say('');
    });
    sample.addEventListener('error', function () {
      // Also fired by load() once the source is removed: only an error of a sample playing counts.
      if (state !== 'idle' && sample.getAttribute('src')) {
        var name = nameOf(select.value);
        stopPreview();
        say(msg('voice-failed', { voice: name }), true);
      }
    });
    window.addEventListener('pagehide', function () {
      if (state !== 'idle') stopPreview();
    });

    return {
      /** Shows the picker with `voice` (the listener's, null: the server's first) selected. */
      show: function (voice) {
        if (ns.narrationLanguage && ns.narrationLanguage()) {
          if ($('row')) $('row').hidden = true;
          field.hidden = false;
          return say(msg('voice-translated'));
        }
        return ns.json('GET', '/api/voices').then(function (res) {
          var voices = res.ok && res.data && Array.isArray(res.data.voices) ? res.data.voices : [];
          if (voices.length < 2) return; // nothing to choose between
          fill(voices);
          current = voices.some(function (v) { return v.id === voice; }) ? voice : voices[0].id;
          select.value = current;
          showPreview('idle');
          showUse();
          field.hidden = false;
        }).catch(function () {});
      },
    };
  };
})();
