// What the listener sees: the "Listen" button, the docked bar (play/pause, time and seek slider,
// speed, sleep badge, options) and its status line, plus the lock screen's playing state. It shows
// what it is told; what the buttons do is wired in controls.js.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});

  /** media: the Media Session (session.js); savedTime(): the listener's saved place, for "Resume". */
  ns.createBar = function (root, media, savedTime) {
    var $ = function (name) {
      return root.querySelector('[data-player-' + name + ']');
    };
    var ui = {
      listen: $('listen'), listenLabel: $('listen-label'), status: $('status'), bar: $('bar'), toggle: $('toggle'), icon: $('icon'),
      back: $('back'), forward: $('forward'), seek: $('seek'), elapsed: $('elapsed'), duration: $('duration'),
      speedCycle: $('speed-cycle'), more: $('more'), close: $('close'), options: $('options'), speed: $('speed'),
      speedOutput: $('speed-output'), sleep: $('sleep'), sleepLeft: $('sleep-left'), sleepBadge: $('sleep-badge'), autoNext: $('auto-next'),
    };
    var msg = function (name, params) {
      return ns.message(root, name, params);
    };
    var speedAction = ui.speedCycle ? ui.speedCycle.getAttribute('data-action') || '' : '';
    // The page keeps the docked bar's height free under its end (app.css reads --player-h): the
    // bar grows with its options, a status line wrapping, or a larger text size.
    var barSize = window.ResizeObserver
      ? new ResizeObserver(function () {
          document.documentElement.style.setProperty('--player-h', Math.ceil(ui.bar.getBoundingClientRect().height) + 'px');
        })
      : null;

    var bar = {
      ui: ui,
      msg: msg,
      /** The seek slider is being dragged: the time shown follows the finger, not the audio. */
      dragging: false,
      say: function (text, kind) {
        ui.status.textContent = text || '';
        ui.status.className = 'player__status' + (kind ? ' player__status--' + kind : '');
      },
      /** now and total in seconds; seekable false while the audio is still being made. */
      showTime: function (now, total, seekable) {
        ui.elapsed.textContent = ns.clock(now);
        ui.duration.textContent = ns.clock(total);
        ui.seek.max = isFinite(total) ? String(Math.ceil(total)) : '0';
        if (!bar.dragging) ui.seek.value = String(Math.floor(now));
        ui.seek.setAttribute('aria-valuetext', msg('position', { time: ns.clock(now), duration: ns.clock(total) }));
        ui.seek.disabled = !seekable;
        ui.seek.title = ui.seek.disabled ? msg('live') : '';
        // The mini-player's line of the position (app.css).
        ui.bar.style.setProperty('--player-progress', isFinite(total) && total > 0 ? String(Math.min(1, now / total)) : '0');
      },
      showPlaying: function (playing) {
        ui.icon.textContent = playing ? '❚❚' : '▶';
        ui.toggle.setAttribute('aria-label', msg(playing ? 'pause' : 'play'));
        root.classList.toggle('player--playing', playing);
        media.state(playing);
      },
      showSpeed: function (speed) {
        ui.speedCycle.textContent = ns.speedLabel(speed);
        // The name starts with what the button shows (WCAG 2.5.3), then what it does.
        ui.speedCycle.setAttribute('aria-label', ns.speedLabel(speed) + ', ' + speedAction);
        ui.speedCycle.setAttribute('aria-description', msg('speed', { speed: ns.speedLabel(speed) }));
        ui.speed.value = String(speed);
        ui.speedOutput.textContent = ns.speedLabel(speed);
        ui.speed.setAttribute('aria-valuetext', ns.speedLabel(speed));
      },
      /** The sleep timer's state (sleep.js: null when off), seconds left and the select's value. */
      showSleep: function (state, left, choice) {
        var text = !state ? '' : state.mode === 'chapter' ? msg('sleep-chapter') : msg('sleep-left', { time: ns.clock(left) });
        ui.sleepLeft.textContent = text;
        ui.sleepBadge.textContent = state ? (state.mode === 'chapter' ? '☾ ⏹' : '☾ ' + ns.clock(left)) : '';
        ui.sleepBadge.title = text;
        ui.sleepBadge.hidden = !state;
        ui.sleep.value = choice;
      },
      showListen: function (label) {
        var saved = savedTime();
        ui.listenLabel.textContent = label || (saved > 1 ? msg('resume', { time: ns.clock(saved) }) : msg('listen'));
      },
      /** The browser refused to start playing by itself: one press on "Continue" does. */
      offerContinue: function () {
        ui.listen.hidden = false;
        bar.showListen(msg('continue'));
      },
      toggleOptions: function () {
        var opening = ui.options.hidden;
        ui.options.hidden = !opening;
        ui.bar.classList.toggle('player__bar--open', opening);
        ui.more.setAttribute('aria-expanded', String(opening));
      },
      optionsOpen: function () {
        return !ui.options.hidden;
      },
      open: function () {
        ui.bar.hidden = false;
        ui.listen.hidden = true;
        root.classList.add('player--docked');
        document.body.classList.add('has-player');
        if (barSize) barSize.observe(ui.bar);
      },
      close: function () {
        ui.bar.hidden = true;
        ui.listen.hidden = false;
        root.classList.remove('player--docked');
        document.body.classList.remove('has-player');
        if (barSize) barSize.disconnect();
        document.documentElement.style.removeProperty('--player-h');
        bar.showListen();
        ui.listen.focus();
      },
    };
    return bar;
  };
})();
