// Where the player's audio comes from: the generation job (POST /api/audio, 202), its status
// polled every 2 seconds until the audio is stored, the stream URL (which plays while the audio is
// made and serves the stored file, with seeking, once it is; `from=k` starts it at sentence k,
// stored or not), and the sentence timings (`estimate=1`: estimated from the chapter's script
// while its audio is not stored, so the player can show and seek a place before it exists).
// With the listener's dialogue voice every request names it too (dialogue_voice): the quotations
// read by that voice are another narration of the chapter, with its own job, file and timings.
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
  ns.narrationLanguage = language;
  /** extra: more query parameters, e.g. {from: 12} or {estimate: 1}; dialogue: the dialogue voice or null. */
  function path(base, slug, chapter, voice, extra, dialogue) {
    var locale = language();
    var query = locale ? ['locale=' + locale] : voice ? ['voice=' + encodeURIComponent(voice)] : [];
    if (!locale && voice && dialogue) query.push('dialogue_voice=' + encodeURIComponent(dialogue));
    Object.keys(extra || {}).forEach(function (name) {
      query.push(name + '=' + encodeURIComponent(extra[name]));
    });
    return base + encodeURIComponent(slug) + '/' + chapter + (query.length ? '?' + query.join('&') : '');
  }
  function body(slug, chapter, voice, dialogue) {
    var locale = language();
    if (locale) return { slug: slug, chapter: chapter, locale: locale };
    if (voice && dialogue) return { slug: slug, chapter: chapter, voice: voice, dialogue_voice: dialogue };
    return voice ? { slug: slug, chapter: chapter, voice: voice } : { slug: slug, chapter: chapter };
  }

  /**
   * events: onStored() when the job is done, onFailed(reason) when it failed.
   * request() resolves to {status: 202|402|..., job, message}; a dialogue voice the server refuses
   * (400: not offered, or not of the voice's language) is dropped first, then a voice it no longer
   * offers, for the default voice.
   */
  ns.createAudioSource = function (slug, chapter, events) {
    var voice = null;
    var dialogue = null;
    var timer = 0;
    var stored = false;
    var round = 0; // moves on with the chapter: a status answer of the chapter left is ignored
    var askedAhead = null; // {slug, chapter, voice, job, timings}: the last answer to asking ahead
    var ready = null; // {job, timings}: this chapter's stored audio, known from asking ahead

    function readTimings(url) {
      var none = { sentences: [], duration: NaN, estimated: true };
      return ns.json('GET', url).then(
        function (res) {
          if (!res.ok || !res.data || !Array.isArray(res.data.sentences)) return none;
          return { sentences: res.data.sentences, duration: Number(res.data.duration), estimated: res.data.estimated === true };
        },
        // No network (offline, a chapter whose audio is not kept): no timings, like a chapter without any.
        function () {
          return none;
        },
      );
    }
    function request() {
      // Moved into a chapter asked ahead and stored by then: its stream's GET counts it (C1), so
      // asking again would only add a round trip to the silence between chapters.
      if (ready && ready.job) {
        var job = ready.job;
        ready.job = null;
        stored = true;
        return Promise.resolve({ status: 202, job: job });
      }
      return ns.json('POST', '/api/audio', body(slug, chapter, voice, dialogue)).then(function (res) {
        if (res.status === 400 && voice && dialogue && !language()) {
          dialogue = null;
          return request();
        }
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
      var mine = round;
      timer = setTimeout(function () {
        ns.json('GET', path('/api/audio/status/', slug, chapter, voice, null, dialogue))
          .then(function (res) {
            if (mine !== round) return;
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
      /** Another voice is other audio: not stored until its own job says so. */
      setVoice: function (id) {
        clearTimeout(timer);
        round++;
        if ((id || null) !== voice) {
          stored = false;
          ready = null;
        }
        voice = id || null;
      },
      voice: function () {
        return voice;
      },
      /** The listener's dialogue voice (null: off); like another voice, other audio. */
      setDialogueVoice: function (id) {
        clearTimeout(timer);
        round++;
        if ((id || null) !== dialogue) {
          stored = false;
          ready = null;
        }
        dialogue = id || null;
      },
      /** Another chapter of the page (auto-next, the lock screen's previous and next track). */
      setChapter: function (nextSlug, nextChapter) {
        clearTimeout(timer);
        round++;
        var known = askedAhead;
        ready = known && known.slug === nextSlug && known.chapter === nextChapter && known.voice === voice && known.dialogue === dialogue && known.timings ? { job: known.job, timings: known.timings } : null;
        askedAhead = null;
        slug = nextSlug;
        chapter = nextChapter;
        stored = false;
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
      /** The whole chapter, or (from > 0) the audio from the start of sentence `from` on. */
      streamUrl: function (from) {
        return path('/api/audio-stream/', slug, chapter, voice, from > 0 ? { from: from } : null, dialogue);
      },
      /**
       * {sentences: [{start, end, text}], duration, estimated}: the stored audio's timings, or with
       * `estimate` while it is not stored the times estimated from the script; no sentences when
       * there are none.
       */
      timings: function (estimate) {
        var url = path('/api/audio/timings/', slug, chapter, voice, estimate ? { estimate: 1 } : null, dialogue);
        var known = !estimate && ready && ready.timings;
        if (ready) ready.timings = null;
        if (!known) return readTimings(url);
        return known.then(function (data) {
          return data || readTimings(url);
        });
      },
      /**
       * Asks for another chapter's audio ahead of time; resolves to the HTTP status. Asked `ahead`, it
       * is made but not counted against the free chapters until its stream is played.
       */
      requestAhead: function (next) {
        var ask = body(slug, next, voice, dialogue);
        ask.ahead = true;
        var asked = { slug: slug, chapter: next, voice: voice, dialogue: dialogue, job: null };
        return ns.json('POST', '/api/audio', ask).then(function (res) {
          if (res.status === 202 && res.data) {
            asked.job = res.data;
            askedAhead = asked;
            // Stored already: its timings too, so that the chapter starts with nothing more to ask.
            if (res.data.status === 'done') {
              asked.timings = readTimings(path('/api/audio/timings/', asked.slug, next, asked.voice, null, asked.dialogue)).catch(function () {
                return null;
              });
            }
          }
          return res.status;
        });
      },
    };
  };
})();
