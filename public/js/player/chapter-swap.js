// Another chapter in this same document: its page is fetched (the address a link would open) and
// its chapter put in place of this one: the reader's text and heading, the chapter navigation, the
// comments, the title, the article's and the player's data- attributes, and the address
// (history.pushState). Listening then goes on across chapters without a page load. The player
// element itself stays where it is: its audio element must never leave the document, or it stops.
// Page scripts hear 'chapter:leave' on the document just before a swap (reader.js saves its place
// in the chapter left) and 'chapter:enter' just after it (reader.js records the new chapter).
(function () {
  'use strict';
  var ns = (window.ChapterhousePlayer = window.ChapterhousePlayer || {});
  var PLAYER_FIELDS = ['data-slug', 'data-chapter', 'data-title', 'data-next-url', 'data-next-chapter', 'data-prev-url', 'data-prev-chapter'];

  /** The chapter the player is for, from its data- attributes (views/components/AudioPlayer.tsx). */
  ns.chapterOf = function (root) {
    var text = function (name) { return root.getAttribute('data-' + name); };
    var number = function (name) { return Number(text(name)) || null; };
    return {
      slug: text('slug'), chapter: Number(text('chapter')), title: text('title'), book: text('book'), author: text('author'), cover: text('cover'),
      nextUrl: text('next-url'), nextChapter: number('next-chapter'), prevUrl: text('prev-url'), prevChapter: number('prev-chapter'),
    };
  };

  function copyAttributes(from, to, names) {
    names.forEach(function (name) {
      if (from.hasAttribute(name)) to.setAttribute(name, from.getAttribute(name));
      else to.removeAttribute(name);
    });
  }
  function dataNames(element) {
    return Array.prototype.map.call(element.attributes, function (a) { return a.name; }).filter(function (name) { return name.indexOf('data-') === 0; });
  }
  // "Sign in" and the appearance menu come back to the page they were on: now the new chapter.
  function retarget(oldPath, newPath) {
    document.querySelectorAll('input[name="return_to"]').forEach(function (input) {
      if (input.value === oldPath) input.value = newPath;
    });
    var from = 'return_to=' + encodeURIComponent(oldPath);
    document.querySelectorAll('a[href*="return_to="]').forEach(function (link) {
      var href = link.getAttribute('href');
      if (href.slice(-from.length) === from) link.setAttribute('href', href.slice(0, -from.length) + 'return_to=' + encodeURIComponent(newPath));
    });
  }

  /** player: the player's root element ([data-player]), kept through every swap. */
  ns.createChapterSwap = function (player) {
    var fetched = null; // {url, page}: the page asked for last, kept until it is shown

    /** Resolves to {doc, url} of the chapter page at url; asking again for the same url fetches once. */
    function load(url) {
      var href = new URL(url, location.href).href;
      if (fetched && fetched.url === href) return fetched.page;
      var page = fetch(href, { credentials: 'same-origin', headers: { accept: 'text/html' } })
        .then(function (response) {
          if (!response.ok) throw new Error('chapter page answered ' + response.status);
          return response.text().then(function (html) {
            var doc = new DOMParser().parseFromString(html, 'text/html');
            if (!doc.querySelector('article[data-reader] > [data-player]')) throw new Error('not a chapter page');
            return { doc: doc, url: response.url || href };
          });
        });
      var entry = { url: href, page: page };
      fetched = entry;
      page.catch(function () {
        if (fetched === entry) fetched = null; // the next ask tries again
      });
      return page;
    }

    /** Puts the fetched chapter in place of this one; push: a new history entry (not for back/forward). */
    function show(page, push) {
      var doc = page.doc;
      var article = document.querySelector('article[data-reader]');
      var incoming = doc.querySelector('article[data-reader]');
      var incomingPlayer = incoming.querySelector(':scope > [data-player]');
      if (!article || player.parentNode !== article) throw new Error('no chapter on this page');
      if (fetched && fetched.url === page.url) fetched = null;
      var oldPath = location.pathname + location.search;
      var newUrl = new URL(page.url, location.href);
      document.dispatchEvent(new CustomEvent('chapter:leave'));

      doc.querySelectorAll('script').forEach(function (script) { script.remove(); }); // this page has them already
      copyAttributes(incoming, article, dataNames(article).concat(dataNames(incoming)));
      Array.prototype.slice.call(article.childNodes).forEach(function (node) {
        if (node !== player) article.removeChild(node);
      });
      var added = [];
      var beforePlayer = true;
      Array.prototype.slice.call(incoming.childNodes).forEach(function (node) {
        if (node === incomingPlayer) {
          beforePlayer = false;
          return;
        }
        var adopted = document.adoptNode(node);
        if (beforePlayer) article.insertBefore(adopted, player);
        else article.appendChild(adopted);
        added.push(adopted);
      });
      copyAttributes(incomingPlayer, player, PLAYER_FIELDS);
      var after = document.querySelector('.reader-after');
      var incomingAfter = doc.querySelector('.reader-after');
      if (after && incomingAfter) {
        var adoptedAfter = document.adoptNode(incomingAfter);
        after.replaceWith(adoptedAfter);
        added.push(adoptedAfter);
      }
      document.title = doc.title;
      var canonical = document.querySelector('link[rel="canonical"]');
      var incomingCanonical = doc.querySelector('link[rel="canonical"]');
      if (canonical && incomingCanonical) canonical.setAttribute('href', incomingCanonical.getAttribute('href'));

      if (push) history.pushState({ chapter: newUrl.pathname }, '', newUrl.href);
      retarget(oldPath, newUrl.pathname + newUrl.search);
      if (window.htmx) {
        added.forEach(function (node) {
          if (node.nodeType === 1) window.htmx.process(node);
        });
      }
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      document.dispatchEvent(new CustomEvent('chapter:enter', { detail: ns.chapterOf(player) }));
      return newUrl;
    }

    return {
      load: load,
      show: show,
      /** The chapter a fetched page is of, as chapterOf gives it, before it is shown. */
      chapterIn: function (page) {
        return ns.chapterOf(page.doc.querySelector('article[data-reader] > [data-player]'));
      },
    };
  };
})();
