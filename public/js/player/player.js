// The chapter's audio player (views/components/AudioPlayer.tsx), built from the parts loaded before
// it: format.js, sleep.js, highlight.js, session.js and source.js. The listener's voice, speed and
// auto-next come from /api/settings (speed and auto-next changed here are saved there), the
// position from /api/progress/audio-time (saved while playing, restored on the next visit).
(function () {
  'use strict';
  var ns = window.ChapterhousePlayer;
  var root = document.querySelector('[data-player]');
  if (!ns || !ns.createAudioSource || !root || !window.fetch) return;
  var audio = root.querySelector('[data-player-audio]');
  if (!audio || typeof audio.play !== 'function') return;

  var $ = function (name) {
    return root.querySelector('[data-player-' + name + ']');
  };
  var ui = {
    listen: $('listen'), listenLabel: $('listen-label'), status: $('status'), bar: $('bar'), toggle: $('toggle'), icon: $('icon'),
    back: $('back'), forward: $('forward'), seek: $('seek'), elapsed: $('elapsed'), duration: $('duration'),
    speedCycle: $('speed-cycle'), more: $('more'), close: $('close'), options: $('options'), speed: $('speed'),
    speedOutput: $('speed-output'), sleep: $('sleep'), sleepLeft: $('sleep-left'), sleepBadge: $('sleep-badge'), autoNext: $('auto-next'),
  };
  var info = {
    slug: root.getAttribute('data-slug'), chapter: Number(root.getAttribute('data-chapter')), title: root.getAttribute('data-title'),
    book: root.getAttribute('data-book'), author: root.getAttribute('data-author'), cover: root.getAttribute('data-cover'),
    nextUrl: root.getAttribute('data-next-url'), nextChapter: Number(root.getAttribute('data-next-chapter')) || null,
  };
  var SPEEDS = [1, 1.25, 1.5, 1.75, 2, 2.5, 3, 0.75];
  var SAVE_EVERY_S = 5;
  var AHEAD_S = 120;
  var CONTINUE_KEY = 'chapterhouse.continue';
  var msg = function (name, params) {
    return ns.message(root, name, params);
  };

  var settings = { speed: 1, auto_next: false };
  var savedTime = 0;
  var knownDuration = NaN;
  var live = false; // the element plays the stream of a job still generating: no seeking yet
  var wantPlay = false;
  var pendingSeek = null;
  var lastSaved = -1;
  var ahead = null; // null, 'asked' or the HTTP status of the request ahead
  var dragging = false;

  var source = ns.createAudioSource(info.slug, info.chapter, {
    onStored: function () {
      loadTimings();
      if (wantPlay && !audio.src) load(savedTime); // was waiting to resume at the saved place
      else if (live) say('');
    },
    onFailed: function (reason) {
      wantPlay = false;
      root.setAttribute('data-state', 'failed');
      say(msg('failed', { reason: reason }), 'error');
    },
  });
  var highlight = ns.createHighlighter(document.querySelector('article[data-reader] .reader__text'));
  var media = ns.bindMediaSession(info, { play: play, pause: pause, skip: skip, seekTo: seekTo, nextChapter: continueToNext });
  var sleep = ns.createSleepTimer(function () {
    pause();
    say(msg('slept'));
  }, showSleep);
  ui.sleep.value = sleep.value();

  function say(text, kind) {
    ui.status.textContent = text || '';
    ui.status.className = 'player__status' + (kind ? ' player__status--' + kind : '');
    // Every "Pro needed" message leads to the page that explains Pro.
    if (kind === 'upgrade') {
      var link = document.createElement('a');
      link.href = '/pro';
      link.className = 'player__upgrade';
      link.textContent = msg('upgrade-link');
      ui.status.append(' ', link);
    }
  }
  function duration() {
    return isFinite(audio.duration) && audio.duration > 0 ? audio.duration : knownDuration;
  }

  // ---- Showing the state ----
  function showTime() {
    var total = duration();
    var now = audio.currentTime || 0;
    ui.elapsed.textContent = ns.clock(now);
    ui.duration.textContent = ns.clock(total);
    ui.seek.max = isFinite(total) ? String(Math.ceil(total)) : '0';
    if (!dragging) ui.seek.value = String(Math.floor(now));
    ui.seek.setAttribute('aria-valuetext', msg('position', { time: ns.clock(now), duration: ns.clock(total) }));
    ui.seek.disabled = live && !source.isStored();
    ui.seek.title = ui.seek.disabled ? msg('live') : '';
  }
  function showPlaying(playing) {
    ui.icon.textContent = playing ? '❚❚' : '▶';
    ui.toggle.setAttribute('aria-label', msg(playing ? 'pause' : 'play'));
    root.classList.toggle('player--playing', playing);
    media.state(playing);
  }
  function showSpeed(speed) {
    ui.speedCycle.textContent = ns.speedLabel(speed);
    ui.speedCycle.setAttribute('aria-description', msg('speed', { speed: ns.speedLabel(speed) }));
    ui.speed.value = String(speed);
    ui.speedOutput.textContent = ns.speedLabel(speed);
    ui.speed.setAttribute('aria-valuetext', ns.speedLabel(speed));
  }
  function showSleep(state, left) {
    var text = !state ? '' : state.mode === 'chapter' ? msg('sleep-chapter') : msg('sleep-left', { time: ns.clock(left) });
    ui.sleepLeft.textContent = text;
    ui.sleepBadge.textContent = state ? (state.mode === 'chapter' ? '☾ ⏹' : '☾ ' + ns.clock(left)) : '';
    ui.sleepBadge.title = text;
    ui.sleepBadge.hidden = !state;
    ui.sleep.value = sleep ? sleep.value() : ui.sleep.value;
  }
  function showListen(label) {
    ui.listenLabel.textContent = label || (savedTime > 1 ? msg('resume', { time: ns.clock(savedTime) }) : msg('listen'));
  }
  // The page keeps the docked bar's height free under its end (app.css reads --player-h): the
  // bar grows with its options, a status line wrapping, or a larger text size.
  var barSize = window.ResizeObserver
    ? new ResizeObserver(function () {
        document.documentElement.style.setProperty('--player-h', Math.ceil(ui.bar.getBoundingClientRect().height) + 'px');
      })
    : null;
  function open() {
    ui.bar.hidden = false;
    ui.listen.hidden = true;
    root.classList.add('player--docked');
    document.body.classList.add('has-player');
    if (barSize) barSize.observe(ui.bar);
  }

  // ---- Playing ----
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
        if (error && error.name === 'NotAllowedError') {
          // Auto-next into a page the browser will not let play by itself: one press continues.
          ui.listen.hidden = false;
          showListen(msg('continue'));
        }
      });
    }
  }
  function start() {
    open();
    wantPlay = true;
    ui.toggle.focus({ preventScroll: true });
    say(msg('preparing'));
    root.setAttribute('data-state', 'preparing');
    source.request().then(function (result) {
      if (result.status === 402) {
        wantPlay = false;
        root.setAttribute('data-state', 'blocked');
        return say(msg('upgrade'), 'upgrade');
      }
      if (!result.job) {
        wantPlay = false;
        return say(result.message || msg('error'), 'error');
      }
      if (result.job.status === 'done') {
        say('');
        loadTimings();
        return load(savedTime);
      }
      source.watch();
      say(msg('generating'));
      // A return to a saved place waits for the stored audio (seconds), which can be sought.
      if (savedTime <= 1) load(0);
    }).catch(function () {
      wantPlay = false;
      say(msg('error'), 'error');
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
  function toggle() {
    if (audio.src && !audio.paused) pause();
    else play();
  }
  function seekTo(time) {
    var total = duration();
    var target = Math.max(0, isFinite(total) ? Math.min(time, total - 0.5) : time);
    if (!audio.src) {
      savedTime = target;
      return start();
    }
    if (live) {
      if (!source.isStored()) return say(msg('live'));
      // The stored file can be sought: reopen it at the place asked for.
      var resume = !audio.paused;
      load(target);
      if (!resume) audio.pause();
      return;
    }
    audio.currentTime = target;
  }
  function skip(seconds) {
    seekTo((audio.currentTime || 0) + seconds);
  }
  function setSpeed(value, save) {
    var speed = Math.min(3, Math.max(0.5, Math.round(Number(value) * 20) / 20));
    if (!isFinite(speed)) return;
    settings.speed = speed;
    audio.defaultPlaybackRate = speed;
    audio.playbackRate = speed;
    audio.preservesPitch = true;
    showSpeed(speed);
    if (save) saveSetting({ speed: speed });
  }
  function cycleSpeed() {
    var at = SPEEDS.indexOf(settings.speed);
    var next = at >= 0 ? SPEEDS[(at + 1) % SPEEDS.length] : SPEEDS.filter(function (s) { return s > settings.speed; }).sort()[0] || SPEEDS[SPEEDS.length - 1];
    setSpeed(next, true);
  }

  // ---- Saving ----
  var settingsTimer = 0;
  var unsaved = {};
  function saveSetting(change) {
    Object.keys(change).forEach(function (k) {
      unsaved[k] = change[k];
    });
    clearTimeout(settingsTimer);
    settingsTimer = setTimeout(function () {
      var body = unsaved;
      unsaved = {};
      ns.json('PUT', '/api/settings', body).catch(function () {});
    }, 600);
  }
  function savePosition(time) {
    var at = Math.round((time === undefined ? audio.currentTime || 0 : time) * 10) / 10;
    if (!audio.src || at === lastSaved) return;
    lastSaved = at;
    savedTime = at;
    ns.json('PATCH', '/api/progress/audio-time', { slug: info.slug, chapter: info.chapter, audio_time: at, timestamp: Date.now() }).catch(function () {});
  }

  // ---- Timings, the next chapter, the end ----
  function loadTimings() {
    source.timings().then(function (data) {
      if (isFinite(data.duration)) knownDuration = data.duration;
      highlight.load(data.sentences);
      root.setAttribute('data-sentences', String(highlight.enabled ? highlight.found() : 0));
      showTime();
    });
  }
  function requestAhead() {
    var total = duration();
    if (ahead || !settings.auto_next || !info.nextChapter || sleep.stopsAtChapterEnd() || !isFinite(total)) return;
    if (total - audio.currentTime > AHEAD_S) return;
    ahead = 'asked';
    source.requestAhead(info.nextChapter).then(function (status) {
      ahead = status;
    }, function () {
      ahead = null;
    });
  }
  function continueToNext() {
    if (!info.nextUrl) return;
    if (ahead === 402) return say(msg('upgrade-next'), 'upgrade');
    try {
      sessionStorage.setItem(CONTINUE_KEY, JSON.stringify({ path: new URL(info.nextUrl, location.href).pathname, at: Date.now() }));
    } catch (e) {
      /* the next page then waits for a press */
    }
    location.href = info.nextUrl;
  }
  function ended() {
    savePosition(0); // listening again starts from the top
    highlight.clear();
    if (sleep.stopsAtChapterEnd()) {
      sleep.clear();
      return say(msg('slept'));
    }
    if (settings.auto_next) continueToNext();
  }
  function continuing() {
    try {
      var flag = JSON.parse(sessionStorage.getItem(CONTINUE_KEY) || 'null');
      sessionStorage.removeItem(CONTINUE_KEY);
      return !!flag && flag.path === location.pathname && Date.now() - flag.at < 120000;
    } catch (e) {
      return false;
    }
  }

  // ---- Wiring ----
  audio.addEventListener('play', function () { showPlaying(true); });
  audio.addEventListener('pause', function () {
    showPlaying(false);
    if (!audio.ended) savePosition();
  });
  audio.addEventListener('loadedmetadata', function () {
    if (pendingSeek !== null && isFinite(audio.duration)) audio.currentTime = Math.min(pendingSeek, audio.duration - 0.5);
    pendingSeek = null;
    audio.playbackRate = settings.speed;
    showTime();
  });
  audio.addEventListener('durationchange', showTime);
  audio.addEventListener('timeupdate', function () {
    showTime();
    highlight.update(audio.currentTime);
    media.position(audio);
    requestAhead();
    if (!audio.paused && Math.abs(audio.currentTime - lastSaved) >= SAVE_EVERY_S) savePosition();
  });
  audio.addEventListener('seeked', function () { savePosition(); });
  audio.addEventListener('ended', ended);
  audio.addEventListener('error', function () {
    if (!audio.src) return;
    showPlaying(false);
    say(msg('error'), 'error');
  });

  ui.listen.addEventListener('click', function () {
    if (audio.src && !audio.error) {
      open();
      return play();
    }
    start();
  });
  ui.toggle.addEventListener('click', toggle);
  ui.back.addEventListener('click', function () { skip(-10); });
  ui.forward.addEventListener('click', function () { skip(30); });
  ui.seek.addEventListener('input', function () {
    dragging = true;
    ui.elapsed.textContent = ns.clock(Number(ui.seek.value));
  });
  ui.seek.addEventListener('change', function () {
    dragging = false;
    seekTo(Number(ui.seek.value));
  });
  ui.speedCycle.addEventListener('click', cycleSpeed);
  ui.speed.addEventListener('input', function () { setSpeed(ui.speed.value, true); });
  ui.sleep.addEventListener('change', function () { sleep.choose(ui.sleep.value); });
  if (ui.autoNext) {
    ui.autoNext.addEventListener('change', function () {
      settings.auto_next = ui.autoNext.checked;
      saveSetting({ auto_next: settings.auto_next });
    });
  }
  ui.more.addEventListener('click', function () {
    var opening = ui.options.hidden;
    ui.options.hidden = !opening;
    ui.more.setAttribute('aria-expanded', String(opening));
  });
  ui.close.addEventListener('click', function () {
    pause();
    ui.bar.hidden = true;
    ui.listen.hidden = false;
    root.classList.remove('player--docked');
    document.body.classList.remove('has-player');
    if (barSize) barSize.disconnect();
    document.documentElement.style.removeProperty('--player-h');
    showListen();
    ui.listen.focus();
  });
  ns.bindKeys(ui.bar, { toggle: toggle, skip: skip, nudgeSpeed: function (step) { setSpeed(settings.speed + step, true); } });
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden' && audio.src && !audio.ended) savePosition();
  });
  window.addEventListener('pagehide', function () {
    if (audio.src && !audio.ended) savePosition();
  });

  // ---- Start: the listener's settings and place, then show the player ----
  var autoStart = continuing();
  var query = '?slug=' + encodeURIComponent(info.slug) + '&chapter=' + info.chapter;
  Promise.all([
    ns.json('GET', '/api/settings').catch(function () { return { ok: false }; }),
    ns.json('GET', '/api/progress/audio-time' + query).catch(function () { return { ok: false }; }),
  ]).then(function (answers) {
    var prefs = answers[0].ok && answers[0].data ? answers[0].data : {};
    if (typeof prefs.speed === 'number') settings.speed = prefs.speed;
    settings.auto_next = prefs.auto_next === true;
    source.setVoice(prefs.voice);
    if (ui.autoNext) ui.autoNext.checked = settings.auto_next;
    savedTime = answers[1].ok && answers[1].data ? Number(answers[1].data.audio_time) || 0 : 0;
    if (autoStart) savedTime = 0;
    setSpeed(settings.speed, false);
    showListen();
    showTime();
    root.hidden = false;
    root.setAttribute('data-state', 'idle');
    if (autoStart) start();
  });
})();
