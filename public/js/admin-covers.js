// The cover studio (/admin/covers, views/pages/admin/ai/covers/): posts the generate form to
// POST /api/admin/image-gen and shows the results side by side, each with "Save as cover"
// (POST /api/admin/image-gen/save-cover); runs batch covers and the metadata refresh, reading their
// server-sent events from a POST response (EventSource can only GET).
(function () {
  'use strict';
  var root = document.querySelector('[data-cover-studio]');
  if (!root) return;
  var words = JSON.parse(root.getAttribute('data-messages') || '{}');
  var slug = root.getAttribute('data-slug') || '';

  function fill(text, values) {
    return String(text).replace(/\{(\w+)\}/g, function (all, name) {
      return values && name in values ? String(values[name]) : all;
    });
  }

  /** The words for a failed request: a time-out is explained, an upstream failure says what it said. */
  function explain(status, body) {
    var code = body && body.error;
    if (status === 504 || code === 'gateway_timeout') return words.timeout;
    if (status === 413 || code === 'too_large') return words.tooLarge;
    if (code === 'ai_not_configured') return words.unavailable;
    if (status === 502 || code === 'bad_gateway') return fill(words.upstream, { message: (body && body.message) || '' });
    return (body && body.message) || words.generic;
  }

  async function readJson(response) {
    try {
      return await response.json();
    } catch (e) {
      return null;
    }
  }

  function post(url, body) {
    var init = { method: 'POST', headers: { accept: 'application/json' }, credentials: 'same-origin' };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(url, init);
  }

  /** Calls onEvent(name, data) for every frame of an SSE response body. */
  async function readEvents(response, onEvent) {
    var reader = response.body.getReader();
    var decoder = new TextDecoder();
    var buffer = '';
    for (;;) {
      var chunk = await reader.read();
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      var blocks = buffer.split('\n\n');
      buffer = blocks.pop();
      blocks.forEach(function (block) {
        var name = 'message';
        var data = [];
        block.split('\n').forEach(function (line) {
          if (line.indexOf('event:') === 0) name = line.slice(6).trim();
          else if (line.indexOf('data:') === 0) data.push(line.slice(5).trim());
        });
        if (!data.length) return;
        try {
          onEvent(name, JSON.parse(data.join('\n')));
        } catch (e) {
          /* a frame that is not JSON is skipped */
        }
      });
    }
  }

  // Generate and save.
  var form = root.querySelector('[data-generate-form]');
  var results = root.querySelector('[data-results]');
  var status = root.querySelector('[data-status]');
  var button = root.querySelector('[data-generate]');
  var current = root.querySelector('[data-current-cover]');

  function result(item, index) {
    var figure = document.createElement('figure');
    figure.className = 'cover-studio__result';
    figure.setAttribute('data-result', '');
    var img = document.createElement('img');
    img.src = item.cover_url;
    img.alt = fill(words.resultAlt, { n: index + 1 });
    img.width = 256;
    img.height = 384;
    var save = document.createElement('button');
    save.type = 'button';
    save.className = 'button button--primary';
    save.textContent = words.save;
    save.setAttribute('data-save', '');
    var note = document.createElement('p');
    note.className = 'cover-studio__status';
    note.setAttribute('role', 'status');
    save.addEventListener('click', async function () {
      if (!slug) {
        note.textContent = words.noBook;
        return;
      }
      save.disabled = true;
      note.textContent = words.saving;
      try {
        var response = await post('/api/admin/image-gen/save-cover', { slug: slug, image: item.image });
        var body = await readJson(response);
        if (!response.ok) throw { status: response.status, body: body };
        note.textContent = words.saved;
        if (current) current.src = body.cover_url;
      } catch (failure) {
        note.textContent = failure && failure.status ? explain(failure.status, failure.body) : words.generic;
      } finally {
        save.disabled = false;
      }
    });
    var caption = document.createElement('figcaption');
    caption.appendChild(save);
    caption.appendChild(note);
    figure.appendChild(img);
    figure.appendChild(caption);
    return figure;
  }

  if (form) {
    form.addEventListener('submit', async function (event) {
      event.preventDefault();
      button.disabled = true;
      status.textContent = words.generating;
      try {
        var response = await post('/api/admin/image-gen', new FormData(form));
        var body = await readJson(response);
        if (!response.ok) {
          status.textContent = explain(response.status, body);
          return;
        }
        results.replaceChildren.apply(results, body.images.map(result));
        status.textContent = '';
      } catch (e) {
        status.textContent = words.generic;
      } finally {
        button.disabled = false;
      }
    });
  }

  // Metadata refresh.
  var refresh = root.querySelector('[data-refresh]');
  if (refresh) {
    var refreshStatus = root.querySelector('[data-refresh-status]');
    refresh.addEventListener('click', async function () {
      refresh.disabled = true;
      refreshStatus.textContent = words.refreshWorking;
      try {
        var response = await post('/api/admin/catalogue/refresh-metadata/' + encodeURIComponent(slug));
        if (!response.ok) {
          refreshStatus.textContent = explain(response.status, await readJson(response));
          return;
        }
        await readEvents(response, function (name, data) {
          if (name === 'error') refreshStatus.textContent = data.message || words.generic;
          if (name === 'done') {
            refreshStatus.textContent = data.changed.description || data.changed.cover ? words.refreshChanged : words.refreshUnchanged;
            if (current && data.cover_url) current.src = data.cover_url;
          }
        });
      } catch (e) {
        refreshStatus.textContent = words.generic;
      } finally {
        refresh.disabled = false;
      }
    });
  }

  // Batch covers.
  var start = root.querySelector('[data-batch-start]');
  var cancel = root.querySelector('[data-batch-cancel]');
  var bar = root.querySelector('[data-batch-progress]');
  var batchStatus = root.querySelector('[data-batch-status]');
  var log = root.querySelector('[data-batch-log]');

  function logLine(text) {
    var item = document.createElement('li');
    item.textContent = text;
    log.appendChild(item);
  }

  start.addEventListener('click', async function () {
    start.disabled = true;
    cancel.hidden = false;
    log.replaceChildren();
    bar.hidden = false;
    bar.value = 0;
    try {
      var model = root.querySelector('[data-model]');
      var response = await post('/api/admin/catalogue/batch-covers', model && model.value ? { model: model.value } : {});
      if (!response.ok) {
        var body = await readJson(response);
        batchStatus.textContent = response.status === 409 ? words.batchBusy : explain(response.status, body);
        return;
      }
      await readEvents(response, function (name, data) {
        if (name === 'progress') {
          bar.max = Math.max(data.total, 1);
          bar.value = data.done;
          batchStatus.textContent = fill(words.batchProgress, data);
        } else if (name === 'error') {
          logLine(data.slug ? fill(words.batchFailed, data) : data.message || words.generic);
        } else if (name === 'done') {
          batchStatus.textContent = fill(data.cancelled ? words.batchCancelled : words.batchDone, data);
        }
      });
    } catch (e) {
      batchStatus.textContent = words.generic;
    } finally {
      start.disabled = false;
      cancel.hidden = true;
    }
  });

  cancel.addEventListener('click', async function () {
    cancel.disabled = true;
    batchStatus.textContent = words.batchStopping;
    try {
      await post('/api/admin/catalogue/batch-covers/cancel');
    } finally {
      cancel.disabled = false;
    }
  });
})();
