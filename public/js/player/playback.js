// Playing the chapter: asking for its audio (source.js), putting the stream on the audio element,
// play, pause, seeking, skipping and the speed. While the audio is still being made the element
// plays the live stream, which cannot be sought; once it is stored a seek reopens the stored file
// at the place asked for.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var SPEEDS = [1, 1.25, 1.5, 1.75, 2, 2.5, 3, 0.75];

  /** parts: {root, bar, media, source, settings, position, highlight, limit}. */
  ns.createPlayback = function (audio, parts) {
    var root = parts.root;
    var bar = parts.bar;
    var source = parts.source;
    var settings = parts.settings.values;
    var position = parts.position;
    var msg = bar.msg;
    var knownDuration = NaN;
    var live = false; // the element plays the stream of a job still generating: no seeking yet
    var wantPlay = false;
    var pendingSeek = null;

    function duration() {
      return isFinite(audio.duration) && audio.duration > 0 ? audio.duration : knownDuration;
    }
    function showTime() {
      bar.showTime(audio.currentTime || 0, duration(), !(live && !source.isStored()));
    }
    function loadTimings() {
      source.timings().then(function (data) {
        if (isFinite(data.duration)) knownDuration = data.duration;
        parts.highlight.load(data.sentences);
        root.setAttribute('data-sentences', String(parts.highlight.enabled ? parts.highlight.found() : 0));
        showTime();
      });
    }
    function load(at) {
      live = !source.isStored();
      pendingSeek = at > 1 ? at : null;
      audio.src = source.streamUrl();
      audio.defaultPlaybackRate = settings.speed;
      audio.preservesPitch = true;
      root.setAttribute('data-state', live ? 'live' : 'stored');
      startPlayback();
    }
    function startPlayback() {
      audio.playbackRate = settings.speed;
      var playing = audio.play();
      if (playing && playing.catch) {
        playing.catch(function (error) {
          // Auto-next into a page the browser will not let play by itself: one press continues.
          if (error && error.name === 'NotAllowedError') bar.offerContinue();
        });
      }
    }
    function start() {
      bar.open();
      wantPlay = true;
      bar.ui.toggle.focus({ preventScroll: true });
      bar.say(msg('preparing'));
      root.setAttribute('data-state', 'preparing');
      source.request().then(function (result) {
        if (parts.limit.reached(result.status)) {
          wantPlay = false;
          return parts.limit.block();
        }
        if (!result.job) {
          wantPlay = false;
          return bar.say(result.message || msg('error'), 'error');
        }
        if (result.job.status === 'done') {
          bar.say('');
          loadTimings();
          return load(position.saved);
        }
        source.watch();
        bar.say(msg('generating'));
        // A return to a saved place waits for the stored audio (seconds), which can be sought.
        if (position.saved <= 1) load(0);
      }).catch(function () {
        wantPlay = false;
        bar.say(msg('error'), 'error');
      });
    }
    function play() {
      if (!audio.src || audio.error) return start();
      wantPlay = true;
      startPlayback();
    }
    function pause() {
      wantPlay = false;
      audio.pause();
    }
    function seekTo(time) {
      var total = duration();
      var target = Math.max(0, isFinite(total) ? Math.min(time, total - 0.5) : time);
      if (!audio.src) {
        position.saved = target;
        return start();
      }
      if (live) {
        if (!source.isStored()) return bar.say(msg('live'));
        // The stored file can be sought: reopen it at the place asked for.
        var resume = !audio.paused;
        load(target);
        if (!resume) audio.pause();
        return;
      }
      audio.currentTime = target;
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

    audio.addEventListener('play', function () { bar.showPlaying(true); });
    audio.addEventListener('pause', function () { bar.showPlaying(false); });
    audio.addEventListener('loadedmetadata', function () {
      if (pendingSeek !== null && isFinite(audio.duration)) audio.currentTime = Math.min(pendingSeek, audio.duration - 0.5);
      pendingSeek = null;
      audio.playbackRate = settings.speed;
      showTime();
    });
    audio.addEventListener('durationchange', showTime);
    audio.addEventListener('timeupdate', function () {
      showTime();
      parts.highlight.update(audio.currentTime);
      parts.media.position(audio);
    });
    audio.addEventListener('error', function () {
      if (!audio.src) return;
      bar.showPlaying(false);
      bar.say(msg('error'), 'error');
    });

    return {
      start: start,
      play: play,
      pause: pause,
      seekTo: seekTo,
      setSpeed: setSpeed,
      duration: duration,
      showTime: showTime,
      /** The "Listen" button: back to the bar if the audio is on the element, else ask for it. */
      listen: function () {
        if (audio.src && !audio.error) {
          bar.open();
          return play();
        }
        start();
      },
      toggle: function () {
        if (audio.src && !audio.paused) pause();
        else play();
      },
      skip: function (seconds) {
        seekTo((audio.currentTime || 0) + seconds);
      },
      cycleSpeed: function () {
        var at = SPEEDS.indexOf(settings.speed);
        var next = at >= 0 ? SPEEDS[(at + 1) % SPEEDS.length] : SPEEDS.filter(function (s) { return s > settings.speed; }).sort()[0] || SPEEDS[SPEEDS.length - 1];
        setSpeed(next, true);
      },
      /** source.js's events: the audio is stored (sought from now on), or its making failed. */
      stored: function () {
        loadTimings();
        if (wantPlay && !audio.src) load(position.saved); // was waiting to resume at the saved place
        else if (live) bar.say('');
      },
      failed: function (reason) {
        wantPlay = false;
        root.setAttribute('data-state', 'failed');
        bar.say(msg('failed', { reason: reason }), 'error');
      },
    };
  };
})();
