// The player's keyboard shortcuts: those of the docked bar while focus is in it, and space from
// anywhere on the chapter page while listening.
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
        if (!event.repeat) controls.toggle(); // a held key toggles once
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

  // Where ← and → already mean something: a field, a slider, a group chosen with the arrows.
  var OWN_ARROWS = 'input, textarea, select, [role="slider"], [role="radio"], [role="tab"], [role="menuitem"], [role="option"], [role="spinbutton"], [role="combobox"], [role="textbox"], [role="searchbox"]';

  /**
   * While the narration plays, ← and → skip back and forward from anywhere on the chapter page (as
   * in audiobook players) instead of turning the chapter, which would cut the narration off; paused,
   * they turn the chapter as before (reader.js). Listens in the capture phase, so the reader's keys
   * and the bar's own (keys above) see the key already handled.
   */
  ns.bindPageArrows = function (playing, controls) {
    document.addEventListener('keydown', function (event) {
      var key = event.key;
      if ((key !== 'ArrowLeft' && key !== 'ArrowRight') || event.defaultPrevented || event.isComposing) return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || !playing()) return;
      var target = event.target;
      if (target && (target.isContentEditable || (target.closest && target.closest(OWN_ARROWS)))) return;
      event.preventDefault();
      controls.skip(key === 'ArrowLeft' ? -ns.SKIP_BACK_S : ns.SKIP_FORWARD_S);
    }, true);
  };

  // Where space already means something: typing, choosing, pressing a button, following a link.
  var OWN_SPACE = 'input, textarea, select, button, a[href], summary, audio, video, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="menuitem"], [role="option"], [role="slider"], [role="textbox"], [role="combobox"], [role="searchbox"], [role="spinbutton"]';

  /**
   * Space plays or pauses from anywhere on the chapter page once listening has begun (the docked
   * bar is open), but not where focus is on something space works itself (a field, an editable
   * text, a button, a link) nor with a modifier held (shift and space scrolls up). Only then is
   * the page kept from scrolling. Before listening starts, space scrolls the text as usual.
   */
  ns.bindPageSpace = function (bar, controls) {
    document.addEventListener('keydown', function (event) {
      if (event.key !== ' ' || event.defaultPrevented || event.isComposing) return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (bar.hidden) return;
      var target = event.target;
      if (target && target.isContentEditable) return;
      if (target && target.closest && target.closest(OWN_SPACE)) return;
      event.preventDefault();
      if (!event.repeat) controls.toggle();
    });
  };
})();
