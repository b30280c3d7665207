// The daily listening limit: past the day's chapters the server answers 402 (billing's gate).
// The player then stops asking and says so in the server's own terms, from /api/policy: on a
// server that sells Pro, the free chapters and a link to the page that explains Pro; elsewhere
// the owner's limit, with no offer to buy anything.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var PAYMENT_REQUIRED = 402;

  /** {limit, payments} of this server, or null when it cannot be asked. */
  function serverPolicy() {
    return fetch('/api/policy', { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (res) {
        return res.ok ? res.json() : null;
      })
      .then(function (policy) {
        if (!policy) return null;
        return { limit: policy.limits ? policy.limits.audio_chapters_per_day : null, payments: policy.payments === true };
      })
      .catch(function () {
        return null;
      });
  }

  ns.createFreeLimit = function (root, bar) {
    /** `next`: the next chapter is past the limit (this one played). */
    function explain(next) {
      return serverPolicy().then(function (policy) {
        if (!policy || policy.limit === null) return bar.say(bar.msg('limit-plain'), 'upgrade');
        var params = { n: String(policy.limit) };
        if (!policy.payments) return bar.say(bar.msg(next ? 'limit-next' : 'limit', params), 'upgrade');
        bar.say(bar.msg(next ? 'upgrade-next' : 'upgrade', params), 'upgrade');
        var link = document.createElement('a');
        link.href = '/pro';
        link.className = 'player__upgrade';
        link.textContent = bar.msg('upgrade-link');
        bar.ui.status.append(' ', link);
      });
    }
    return {
      /** Whether an HTTP status (of this chapter's or the next one's audio) is the limit. */
      reached: function (status) {
        return status === PAYMENT_REQUIRED;
      },
      /** This chapter's audio is past the limit (the state changes once the reason is shown). */
      block: function () {
        return explain(false).then(function () {
          root.setAttribute('data-state', 'blocked');
        });
      },
      /** The next chapter's audio is past the limit: auto-next stops here. */
      blockNext: function () {
        return explain(true);
      },
    };
  };
})();
