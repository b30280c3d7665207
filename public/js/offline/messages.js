// The offline scripts' messages: the JSON of #offline-messages[data-messages] (views/components/
// offline/OfflineMessages.tsx), with {placeholders} and plural pairs chosen like the server does.
(function () {
  'use strict';
  var element = document.getElementById('offline-messages');
  var messages = {};
  try {
    messages = element ? JSON.parse(element.getAttribute('data-messages') || '{}') : {};
  } catch (e) {
    messages = {};
  }
  var locale = document.documentElement.lang || 'en';
  var plurals = new Intl.PluralRules(locale);
  var numbers = new Intl.NumberFormat(locale);

  function say(key, params) {
    params = params || {};
    var template = messages[key];
    if (template === undefined && typeof params.count === 'number') {
      template = messages[key + (plurals.select(params.count) === 'one' ? '_one' : '_other')];
    }
    if (template === undefined) return '';
    return template.replace(/\{(\w+)\}/g, function (whole, name) {
      var value = params[name];
      if (value === undefined) return whole;
      return typeof value === 'number' ? numbers.format(value) : String(value);
    });
  }

  /** Bytes in the reader's language: "812 kB", "8.1 MB", "1.2 GB". */
  function size(bytes) {
    var units = [['gigabyte', 1e9], ['megabyte', 1e6], ['kilobyte', 1e3]];
    for (var i = 0; i < units.length; i++) {
      if (bytes >= units[i][1]) {
        return new Intl.NumberFormat(locale, { style: 'unit', unit: units[i][0], maximumFractionDigits: 1 }).format(bytes / units[i][1]);
      }
    }
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte' }).format(bytes);
  }

  window.ChapterhouseMessages = { say: say, size: size };
})();
