// The listener's audio settings (voice, dialogue voice, speed, auto-next): read from GET /api/settings on arrival,
// changes made in the player saved with PUT /api/settings, gathered for a moment so that dragging
// the speed slider is one request.
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var SAVE_AFTER_MS = 600;

  ns.createSettings = function () {
    // Listening goes on into the next chapter unless the listener turned that off (decisions.md).
    var values = { speed: 1, auto_next: true, voice: null, dialogue_voice: null };
    var timer = 0;
    var unsaved = {};
    return {
      /** The current values; the player changes them and calls save() with what changed. */
      values: values,
      /** Resolves once the listener's settings are in values (the defaults if they cannot be read). */
      load: function () {
        return ns
          .json('GET', '/api/settings')
          .catch(function () {
            return { ok: false };
          })
          .then(function (answer) {
            var prefs = answer.ok && answer.data ? answer.data : {};
            if (typeof prefs.speed === 'number') values.speed = prefs.speed;
            values.auto_next = prefs.auto_next !== false;
            values.voice = prefs.voice || null;
            // Absent: off, one voice reads everything.
            values.dialogue_voice = prefs.dialogue_voice || null;
            return values;
          });
      },
      save: function (change) {
        Object.keys(change).forEach(function (k) {
          unsaved[k] = change[k];
        });
        clearTimeout(timer);
        timer = setTimeout(function () {
          var body = unsaved;
          unsaved = {};
          ns.json('PUT', '/api/settings', body).catch(function () {});
        }, SAVE_AFTER_MS);
      },
    };
  };
})();
