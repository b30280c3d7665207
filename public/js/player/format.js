// Small helpers shared by the player's files (public/js/player/*.js), loaded first.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});

  /** Seconds a skip moves: the bar's buttons, the keys and the lock screen alike. */
  ns.SKIP_BACK_S = 10;
  ns.SKIP_FORWARD_S = 30;

  /** 75.4 → "1:15"; 3725 → "1:02:05"; unknown → "--:--". */
  ns.clock = function (seconds) {
    if (!isFinite(seconds) || seconds < 0) return '--:--';
    var s = Math.floor(seconds);
    var h = Math.floor(s / 3600);
    var m = Math.floor((s % 3600) / 60);
    var rest = String(s % 60).padStart(2, '0');
    return h > 0 ? h + ':' + String(m).padStart(2, '0') + ':' + rest : m + ':' + rest;
  };

  /** "1.5" → "1.5×", 2 → "2×" (at most two decimals, no trailing zeros). */
  ns.speedLabel = function (speed) {
    return String(Math.round(speed * 100) / 100) + '×';
  };

  /** A data-msg-* text of the element with its {placeholders} filled in. */
  ns.message = function (element, name, params) {
    var text = element.getAttribute('data-msg-' + name) || '';
    Object.keys(params || {}).forEach(function (key) {
      text = text.split('{' + key + '}').join(String(params[key]));
    });
    return text;
  };

  ns.json = function (method, url, body) {
    var init = { method: method, credentials: 'same-origin', headers: { accept: 'application/json' } };
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
      init.keepalive = true;
    }
    return fetch(url, init).then(function (response) {
      return response
        .json()
        .catch(function () {
          return null;
        })
        .then(function (data) {
          return { status: response.status, ok: response.ok, data: data };
        });
    });
  };
})();
