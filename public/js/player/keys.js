// The player's keyboard shortcuts, while focus is in the docked bar.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var SPEED_STEP = 0.25;

  /**
   * Space (or k) plays or pauses, ← and → skip back and forward, ↑ and ↓ change the speed.
   * Sliders, buttons and the select keep their own keys, except space on a slider, which plays or
   * pauses. Handled keys are marked done, so the reader's own ← and → (turning the chapter) do not
   * fire as well.
   */
  ns.bindKeys = function (region, controls) {
    region.addEventListener('keydown', function (event) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      var target = event.target;
      var tag = target && target.tagName;
      var slider = tag === 'INPUT' && target.type === 'range';
      var own = tag === 'SELECT' || tag === 'BUTTON' || (tag === 'INPUT' && !slider);
      var key = event.key;
      if (key === ' ' || key === 'k') {
        if (own) return; // a focused button is pressed by space itself
        controls.toggle();
      } else if (slider || own) {
        return;
      } else if (key === 'ArrowLeft') controls.skip(-ns.SKIP_BACK_S);
      else if (key === 'ArrowRight') controls.skip(ns.SKIP_FORWARD_S);
      else if (key === 'ArrowUp') controls.nudgeSpeed(SPEED_STEP);
      else if (key === 'ArrowDown') controls.nudgeSpeed(-SPEED_STEP);
      else return;
      event.preventDefault();
    });
  };
})();
