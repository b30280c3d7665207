// Playing the chapter: asking for its audio (source.js), putting it on the audio element, play,
// pause, seeking, skipping, the speed and the voice. The place is kept on the chapter's timeline
// (timeline.js): while the audio is still being made a seek, a skip or a sentence chosen in the
// text opens the stream from the matching sentence (`from`); once it is stored the element moves
// to the stored file at a sentence boundary (handover.js), and seeks happen in that file.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});

  /** parts: {root, bar, media, source, settings, position, highlight, limit}. */
  ns.createPlayback = function (audio, parts) {
    var root = parts.root;
    var bar = parts.bar;
    var source = parts.source;
    var settings = parts.settings.values;
    var position = parts.position;
    var msg = bar.msg;
    var timeline = ns.createTimeline();
    var timingsOf = null; // the stream address the timeline belongs to (chapter, voice, stored or not)
    // null: nothing on the element; 'stored': the stored file, sought in place; 'stream': a stream
    // of audio still being made, the whole chapter or from a sentence.
    var mode = null;
    var wantPlay = false;
    var pendingSeek = null; // seconds into the stored file, once it is loaded
    var parked = null; // a sentence chosen while paused: its stream opens when play is pressed
    var resumeAt = null; // {sentence}: where to start instead of the saved time (a voice chosen before listening)
    var epoch = 0; // a new start: answers to the requests of an earlier one are dropped
    var handover = ns.createHandover(audio, timeline, function (time) {
      openStored(time);
    });

    /** Seconds into the chapter: where the listener is, or will be once the audio comes. */
    function now() {
      if (parked !== null) return timeline.startOf(parked);
      if (pendingSeek !== null) return pendingSeek;
      if (mode === 'stream') return timeline.at(audio.currentTime);
      return audio.currentTime || 0;
    }
    function duration() {
      if (mode === 'stored' && isFinite(audio.duration) && audio.duration > 0) return audio.duration;
      return timeline.duration();
    }
    function seekable() {
      return mode === 'stored' || source.isStored() || timeline.known();
    }
    function showTime() {
      bar.showTime(now(), duration(), seekable());
    }
    function refresh() {
      showTime();
      parts.highlight.update(now());
    }
    /** The sentence timings of what will play: exact when stored, else estimated (C3). */
    function loadTimings() {
      var ticket = epoch;
      var wanted = source.streamUrl() + (source.isStored() ? '#stored' : '');
      if (timingsOf === wanted && timeline.known()) return Promise.resolve(true);
      return source.timings(!source.isStored()).then(function (data) {
        if (ticket !== epoch) return false;
        timeline.set(data);
        timingsOf = wanted;
        parts.highlight.load(data.sentences);
        root.setAttribute('data-sentences', String(parts.highlight.enabled ? parts.highlight.found() : 0));
        refresh();
        return true;
      });
    }
    function startPlayback() {
      audio.defaultPlaybackRate = settings.speed;
      audio.playbackRate = settings.speed;
      audio.preservesPitch = true;
      var playing = audio.play();
      if (playing && playing.catch) {
        playing.catch(function (error) {
          // Auto-next into a page the browser will not let play by itself: one press continues.
          if (error && error.name === 'NotAllowedError') bar.offerContinue();
        });
      }
    }
    /** The stored file at `time` seconds; loaded paused (to be sought) unless playing is wanted. */
    function openStored(time) {
      handover.cancel();
      mode = 'stored';
      parked = null;
      timeline.playFrom(0);
      pendingSeek = time > 0.5 ? time : null;
      audio.src = source.streamUrl();
      root.setAttribute('data-state', 'stored');
      if (wantPlay) startPlayback();
      else {
        audio.preload = 'metadata';
        audio.load();
      }
      refresh();
    }
    /** The stream from the start of sentence k; while paused it waits for play (a stream is made as it is heard). */
    function openStream(k) {
      handover.cancel();
      mode = 'stream';
      pendingSeek = null;
      root.setAttribute('data-state', 'live');
      if (!wantPlay) {
        parked = k;
        if (audio.src) audio.pause();
        return refresh();
      }
      parked = null;
      timeline.playFrom(k);
      audio.src = source.streamUrl(k);
      startPlayback();
      refresh();
      position.save();
    }
    /** at: {sentence} or {time} on the timeline. */
    function openAt(at) {
      if (source.isStored()) return openStored(at.sentence != null ? timeline.startOf(at.sentence) : at.time);
      if (at.sentence != null) return openStream(at.sentence);
      if (!(at.time > 1)) return openStream(0);
      // Without estimated timings a saved place waits for the stored audio (stored() below).
      if (timeline.known()) openStream(timeline.sentenceAt(at.time));
    }
    /**
     * Asks for the chapter's audio and plays it from `target` ({sentence} or {time}; the saved
     * place by default). autoplay false: made ready at that place, paused.
     */
    function start(target, autoplay) {
      var ticket = ++epoch;
      var at = target || resumeAt || { time: position.saved };
      resumeAt = null;
      handover.cancel();
      mode = null;
      parked = null;
      pendingSeek = null;
      wantPlay = autoplay !== false;
      bar.open();
      // From "Listen" (hidden now) the focus moves to play/pause; a control of the bar keeps it (a voice chosen).
      if (wantPlay && !bar.ui.bar.contains(document.activeElement)) bar.ui.toggle.focus({ preventScroll: true });
      bar.say(msg('preparing'));
      root.setAttribute('data-state', 'preparing');
      source.request().then(function (result) {
        if (ticket !== epoch) return;
        if (parts.limit.reached(result.status)) {
          wantPlay = false;
          return parts.limit.block();
        }
        if (!result.job) {
          wantPlay = false;
          return bar.say(result.message || msg('error'), 'error');
        }
        var stored = result.job.status === 'done';
        if (stored) bar.say('');
        else {
          source.watch();
          bar.say(msg('generating'));
        }
        // From the top, or a time in the stored file: at once. A sentence, or a place in audio not
        // made yet: once the timings say where it is.
        if ((stored && at.sentence == null) || (!stored && !(at.sentence > 0) && !(at.time > 1))) {
          loadTimings();
          return openAt(at);
        }
        return loadTimings().then(function (current) {
          if (current && ticket === epoch) openAt(at);
        });
      }).catch(function () {
        if (ticket !== epoch) return;
        wantPlay = false;
        bar.say(msg('error'), 'error');
      });
    }
    function play() {
      if (mode === null) return start();
      wantPlay = true;
      if (parked !== null) return openAt({ sentence: parked });
      if (!audio.getAttribute('src') || audio.error) return start({ time: now() });
      startPlayback();
    }
    function pause() {
      wantPlay = false;
      audio.pause();
      // Moving to the stored file waits for a sentence's end; paused, it can move now.
      if (handover.active()) openStored(now());
    }
    function seekTo(time) {
      var total = duration();
      var target = Math.max(0, isFinite(total) ? Math.min(time, total - 0.5) : time);
      if (mode === null) {
        position.saved = target;
        return start({ time: target });
      }
      if (mode === 'stored') {
        if (pendingSeek !== null || audio.readyState < 1) pendingSeek = target;
        else audio.currentTime = target;
        return refresh();
      }
      if (source.isStored()) return openStored(target);
      if (!timeline.known()) return bar.say(msg('live'));
      openStream(timeline.sentenceAt(target));
      if (!wantPlay) position.save(target);
    }
    function setSpeed(value, save) {
      var speed = Math.min(3, Math.max(0.5, Math.round(Number(value) * 20) / 20));
      if (!isFinite(speed)) return;
      settings.speed = speed;
      audio.defaultPlaybackRate = speed;
      audio.playbackRate = speed;
      audio.preservesPitch = true;
      bar.showSpeed(speed);
      if (save) parts.settings.save({ speed: speed });
    }
    /** Another voice: the chapter in that voice from the sentence being spoken now. */
    function changeVoice(id) {
      if (!id || id === source.voice()) return;
      var sentence = timeline.known() ? timeline.sentenceAt(now()) : 0;
      var started = mode !== null;
      var playing = started && wantPlay;
      settings.voice = id;
      parts.settings.save({ voice: id });
      source.setVoice(id);
      handover.cancel();
      if (!started) {
        if (position.saved > 1 || sentence > 0) resumeAt = { sentence: sentence };
        epoch++;
        return loadTimings();
      }
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
      start({ sentence: sentence }, playing);
    }

    position.now = now;
    audio.addEventListener('play', function () { bar.showPlaying(true); });
    audio.addEventListener('pause', function () { bar.showPlaying(false); });
    audio.addEventListener('ended', function () { wantPlay = false; });
    audio.addEventListener('loadedmetadata', function () {
      if (pendingSeek !== null && mode === 'stored' && isFinite(audio.duration)) audio.currentTime = Math.min(pendingSeek, audio.duration - 0.5);
      pendingSeek = null;
      audio.playbackRate = settings.speed;
      showTime();
    });
    audio.addEventListener('durationchange', showTime);
    audio.addEventListener('timeupdate', function () {
      refresh();
      parts.media.position({ duration: duration(), currentTime: now(), playbackRate: audio.playbackRate });
    });
    // The element emptied by someone else (the chapter changed in place): nothing is on it now.
    audio.addEventListener('emptied', function () {
      if (audio.getAttribute('src')) return;
      handover.cancel();
      mode = null;
      parked = null;
      pendingSeek = null;
    });
    audio.addEventListener('error', function () {
      if (!audio.getAttribute('src')) return;
      bar.showPlaying(false);
      bar.say(msg('error'), 'error');
    });

    return {
      start: start,
      play: play,
      pause: pause,
      seekTo: seekTo,
      setSpeed: setSpeed,
      changeVoice: changeVoice,
      duration: duration,
      /** Seconds into the chapter (the element's own time is relative to a stream's first sentence). */
      now: now,
      showTime: showTime,
      /** The sentence timings ahead of a press: the highlight, "play from here" and a seek know the sentences. */
      prepare: function () {
        if (mode === null) loadTimings();
      },
      /** Plays from the start of sentence k (a sentence chosen in the text). */
      playSentence: function (k) {
        if (mode === null) return start({ sentence: k });
        wantPlay = true;
        bar.open();
        openAt({ sentence: k });
      },
      /** The "Listen" button: back to the bar if the audio is on the element, else ask for it. */
      listen: function () {
        if (mode !== null && !audio.error) {
          bar.open();
          return play();
        }
        start();
      },
      toggle: function () {
        // Pressed while the audio is being asked for, it stays paused once it comes.
        if (wantPlay && (mode === null || !audio.paused)) pause();
        else play();
      },
      skip: function (seconds) {
        seekTo(now() + seconds);
      },
      cycleSpeed: function () {
        setSpeed(ns.nextSpeed(settings.speed), true); // the cycle of controls.js
      },
      /** source.js's events: the audio is stored (move to it, exact timings), or its making failed. */
      stored: function () {
        var ticket = epoch;
        loadTimings().then(function (current) {
          if (!current || ticket !== epoch) return;
          if (mode === null) {
            if (wantPlay) openStored(position.saved); // was waiting to resume at the saved place
            return;
          }
          if (mode !== 'stream') return;
          bar.say('');
          if (parked !== null) return; // play() opens the stored file at that sentence
          if (audio.paused) openStored(now());
          else handover.begin();
        });
      },
      failed: function (reason) {
        wantPlay = false;
        root.setAttribute('data-state', 'failed');
        bar.say(msg('failed', { reason: reason }), 'error');
      },
    };
  };
})();
