// The choices sent to the server (/api/discover/vote), one request after another: an undo never
// overtakes the vote it undoes. A refused request rejects with the server's message.
(function () {
  'use strict';
  var ns = (window.ChapterhouseDeck = window.ChapterhouseDeck || {});

  ns.createVotes = function () {
    var queue = Promise.resolve();
    var pending = 0;

    function send(method, url, body) {
      pending++;
      var run = function () {
        return fetch(url, {
          method: method,
          credentials: 'same-origin',
          headers: body ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        }).then(function (res) {
          if (res.ok) return res.json().catch(function () { return null; });
          return res.json().then(
            function (b) { throw new Error((b && b.message) || ''); },
            function () { throw new Error(''); }
          );
        });
      };
      var done = queue.then(run, run);
      queue = done.catch(function () {});
      return done.then(
        function (value) { pending--; return value; },
        function (error) { pending--; throw error; }
      );
    }

    return {
      /** action: 'like', 'pass' or 'save'. */
      vote: function (slug, action) {
        return send('POST', '/api/discover/vote', { slug: slug, action: action });
      },
      undo: function (slug) {
        return send('DELETE', '/api/discover/vote?slug=' + encodeURIComponent(slug));
      },
      /** Forgets every choice: the whole catalogue comes back. */
      clear: function () {
        return send('DELETE', '/api/discover/vote');
      },
      /** Requests not answered yet: their cards may still come back in a refill. */
      pending: function () {
        return pending;
      },
    };
  };
})();
