// The chapter's audio player (views/components/AudioPlayer.tsx): this file puts the parts together
// and starts them. The listener's voice, speed and auto-next come from /api/settings (settings.js),
// the place from /api/progress/audio-time (position.js); the player shows once both are known.
//
// How the files load: classic scripts with `defer`, in the order of PLAYER_SCRIPTS in
// AudioPlayer.tsx, each adding its part to `window.ChapterhousePlayer`; this one comes last. Not ES
// modules: the asset table fingerprints each file by its own bytes, so a relative import would name
// an address that is not served, and an importer's address would not change with its imports while
// both are cached as immutable. Deferred scripts are also fetched all at once, where a module graph
// is found one import at a time. Each part can be loaded alone on a bare page
// (tests/e2e/player-parts.e2e.ts).
(function () {
  'use strict';
  var ns = window.ChapterhousePlayer;
  var root = document.querySelector('[data-player]');
  if (!ns || !ns.createPlayback || !root || !window.fetch) return;
  var audio = root.querySelector('[data-player-audio]');
  if (!audio || typeof audio.play !== 'function') return;

  // The chapter now playing: next-chapter.js updates it in place when the page moves to another.
  var chapter = ns.chapterOf(root);
  // The parts call one another through these names; each is made below before it is first used.
  var playback, next;
  var settings = ns.createSettings();
  var position = ns.createPosition(chapter, audio);
  var media = ns.bindMediaSession(chapter, {
    play: function () { playback.play(); },
    pause: function () { playback.pause(); },
    skip: function (seconds) { playback.skip(seconds); },
    seekTo: function (time) { playback.seekTo(time); },
    nextChapter: function () { next.go(); },
    previousChapter: function () { next.previous(); },
  });
  var bar = ns.createBar(root, media, function () { return position.saved; });
  var limit = ns.createFreeLimit(root, bar);
  var highlight = ns.createHighlighter(document.querySelector('article[data-reader] .reader__text'));
  var source = ns.createAudioSource(chapter.slug, chapter.chapter, {
    onStored: function () { playback.stored(); },
    onFailed: function (reason) { playback.failed(reason); },
  });
  var sleep = ns.createSleepTimer(function () {
    playback.pause();
    bar.say(bar.msg('slept'));
  }, bar.showSleep, audio);
  var parts = { swap: ns.createChapterSwap(root), root: root, bar: bar, media: media, source: source, settings: settings, position: position, highlight: highlight, limit: limit, sleep: sleep };
  playback = ns.createPlayback(audio, parts);
  parts.playback = playback;
  next = ns.createNextChapter(audio, chapter, parts);
  var voices = ns.bindVoicePicker(root, {
    choose: playback.changeVoice,
    pause: function () {
      var playing = !audio.paused;
      if (playing) playback.pause();
      return playing;
    },
    resume: playback.play,
  });
  ns.bindPlayFromHere(root.querySelector('[data-player-from-here]'), highlight, playback.playSentence);
  ns.bindSaidWrong(root, root.querySelector('[data-player-said-wrong]'), document.querySelector('[data-player-from-here]'), chapter, function () {
    var select = root.querySelector('[data-player-voice-select]');
    return (select && select.value) || settings.values.voice || 'default';
  });
  ns.bindNowPlaying(root, highlight.spoken);

  ns.bindControls(bar, {
    listen: playback.listen,
    toggle: playback.toggle,
    skip: playback.skip,
    seekTo: playback.seekTo,
    cycleSpeed: playback.cycleSpeed,
    setSpeed: function (value) { playback.setSpeed(value, true); },
    nudgeSpeed: function (step) { playback.setSpeed(settings.values.speed + step, true); },
    chooseSleep: sleep.choose,
    setAutoNext: function (on) {
      settings.values.auto_next = on;
      settings.save({ auto_next: on });
    },
    close: function () {
      playback.pause();
      bar.close();
    },
  });

  // Start: the listener's settings and place, then show the player.
  var autoStart = next.continuing();
  Promise.all([settings.load(), position.load()]).then(function () {
    source.setDialogueVoice(settings.values.dialogue_voice);
    source.setVoice(settings.values.voice);
    voices.show(settings.values.voice);
    playback.prepare();
    if (bar.ui.autoNext) bar.ui.autoNext.checked = settings.values.auto_next;
    if (autoStart) position.saved = 0;
    playback.setSpeed(settings.values.speed, false);
    bar.showListen();
    playback.showTime();
    root.hidden = false;
    root.setAttribute('data-state', 'idle');
    if (autoStart) playback.start();
  });
})();
