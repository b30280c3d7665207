// Where the player's audio comes from: the generation job (POST /api/audio, 202), its status
// polled every 2 seconds until the audio is stored, the stream URL (which plays while the audio is
// made and serves the stored file, with seeking, once it is), and the sentence timings.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var POLL_MS = 2000;

  // On a translated page (?locale=, set by the language switch too) the translation is narrated,
  // by the server's first voice of that language: the listener's voice may not speak it.
  function language() {
    var locale = new URLSearchParams(location.search).get('locale');
    return /^(en|pt|es|fr|id)$/.test(locale || '') ? locale : null;
  }
  function path(base, slug, chapter, voice) {
    var locale = language();
    var query = locale ? 'locale=' + locale : voice ? 'voice=' + encodeURIComponent(voice) : '';
    return base + encodeURIComponent(slug) + '/' + chapter + (query ? '?' + query : '');
  }
  function body(slug, chapter, voice) {
    var locale = language();
    if (locale) return { slug: slug, chapter: chapter, locale: locale };
    return voice ? { slug: slug, chapter: chapter, voice: voice } : { slug: slug, chapter: chapter };
  }

  /**
   * events: onStored() when the job is done, onFailed(reason) when it failed.
   * request() resolves to {status: 202|402|..., job, message}; a voice the server no longer offers
   * (400) is dropped once for the default voice.
   */
  ns.createAudioSource = function (slug, chapter, events) {
    var voice = null;
    var timer = 0;
    var stored = false;

    function request() {
      return ns.json('POST', '/api/audio', body(slug, chapter, voice)).then(function (res) {
        if (res.status === 400 && voice && !language()) {
          voice = null;
          return request();
        }
        var job = res.status === 202 ? res.data : null;
        if (job && job.status === 'done') stored = true;
        return { status: res.status, job: job, message: res.data && res.data.message };
      });
    }
    function poll() {
      clearTimeout(timer);
      timer = setTimeout(function () {
        ns.json('GET', path('/api/audio/status/', slug, chapter, voice))
          .then(function (res) {
            var status = res.ok && res.data ? res.data.status : null;
            if (status === 'done') {
              stored = true;
              events.onStored();
            } else if (status === 'failed') events.onFailed((res.data && res.data.error) || '');
            else poll(); // pending, generating, or a network hiccup: ask again
          })
          .catch(poll);
      }, POLL_MS);
    }
    return {
      setVoice: function (id) {
        voice = id || null;
      },
      request: request,
      /** Polls until the job ends (stored or failed). */
      watch: poll,
      stop: function () {
        clearTimeout(timer);
      },
      isStored: function () {
        return stored;
      },
      streamUrl: function () {
        return path('/api/audio-stream/', slug, chapter, voice);
      },
      /** [{start, end, text}] of the stored audio, [] when there are none. */
      timings: function () {
        return ns.json('GET', path('/api/audio/timings/', slug, chapter, voice)).then(function (res) {
          return res.ok && res.data && Array.isArray(res.data.sentences) ? res.data : { sentences: [], duration: NaN };
        });
      },
      /** Asks for another chapter's audio ahead of time; resolves to the HTTP status. */
      requestAhead: function (next) {
        return ns.json('POST', '/api/audio', body(slug, next, voice)).then(function (res) {
          return res.status;
        });
      },
    };
  };
})();
