// What the bar's buttons, sliders, options and keys do: each one calls an action the player
// passes in (playback, sleep timer, settings).
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});

  /** The speed button's cycle: up through 0.5× to 3× (2.5× and 3× included), then back to the slowest. */
  ns.SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3];

  /** The speed after `speed` in the cycle; one set on the slider goes on to the next step above it. */
  ns.nextSpeed = function (speed) {
    for (var i = 0; i < ns.SPEEDS.length; i++) {
      if (ns.SPEEDS[i] > speed + 0.001) return ns.SPEEDS[i];
    }
    return ns.SPEEDS[0];
  };

  /**
   * actions: {listen, toggle, skip(seconds), seekTo(seconds), cycleSpeed, setSpeed(value),
   * nudgeSpeed(step), chooseSleep(value), setAutoNext(on), close}.
   */
  ns.bindControls = function (bar, actions) {
    var ui = bar.ui;
    ui.listen.addEventListener('click', actions.listen);
    ui.toggle.addEventListener('click', actions.toggle);
    ui.back.addEventListener('click', function () { actions.skip(-ns.SKIP_BACK_S); });
    ui.forward.addEventListener('click', function () { actions.skip(ns.SKIP_FORWARD_S); });
    ui.seek.addEventListener('input', function () {
      bar.dragging = true;
      ui.elapsed.textContent = ns.clock(Number(ui.seek.value));
    });
    ui.seek.addEventListener('change', function () {
      bar.dragging = false;
      actions.seekTo(Number(ui.seek.value));
    });
    ui.speedCycle.addEventListener('click', actions.cycleSpeed);
    ui.speed.addEventListener('input', function () { actions.setSpeed(ui.speed.value); });
    ui.sleep.addEventListener('change', function () { actions.chooseSleep(ui.sleep.value); });
    if (ui.autoNext) ui.autoNext.addEventListener('change', function () { actions.setAutoNext(ui.autoNext.checked); });
    ui.more.addEventListener('click', bar.toggleOptions);
    ui.close.addEventListener('click', actions.close);
    ns.bindKeys(ui.bar, actions);
    ns.bindPageSpace(ui.bar, actions);
    // Playing as the audio element says now: the class follows its play and pause events, a moment later.
    var audio = ui.bar.closest('[data-player]').querySelector('[data-player-audio]');
    ns.bindPageArrows(function () { return !ui.bar.hidden && !!audio && !audio.paused; }, actions);
    // Escape closes the options and gives focus back to the button that opened them.
    ui.bar.addEventListener('keydown', function (event) {
      if (event.key !== 'Escape' || !bar.optionsOpen()) return;
      event.preventDefault();
      bar.toggleOptions();
      ui.more.focus();
    });
  };
})();
