// The free listening limit: past the day's free chapters the server answers 402 (billing's gate).
// The player then stops asking, and every "Pro needed" message links to the page that explains Pro.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var PAYMENT_REQUIRED = 402;

  ns.createFreeLimit = function (root, bar) {
    function upgrade(name) {
      bar.say(bar.msg(name), 'upgrade');
      var link = document.createElement('a');
      link.href = '/pro';
      link.className = 'player__upgrade';
      link.textContent = bar.msg('upgrade-link');
      bar.ui.status.append(' ', link);
    }
    return {
      /** Whether an HTTP status (of this chapter's or the next one's audio) is the limit. */
      reached: function (status) {
        return status === PAYMENT_REQUIRED;
      },
      /** This chapter's audio is past the limit. */
      block: function () {
        root.setAttribute('data-state', 'blocked');
        upgrade('upgrade');
      },
      /** The next chapter's audio is past the limit: auto-next stops here. */
      blockNext: function () {
        upgrade('upgrade-next');
      },
    };
  };
})();
