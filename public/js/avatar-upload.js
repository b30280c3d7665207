// The account page's photo control (views/pages/accounts/AvatarEditor.tsx). Without this file it is
// a plain form (POST /account/avatar/upload). With it: a file chosen or dropped on the picture is
// checked (type, size) and previewed in place before anything is sent; "Save photo" sends it straight
// to the object store (POST /account/avatar returns a presigned upload URL and a key, the browser PUTs
// the file there, PATCH /account/avatar {key} makes it the avatar after the server checks the bytes).
// Every message comes from data-msg-* in the page's language.
(function () {
  'use strict';
  var TYPES = ['image/png', 'image/jpeg', 'image/webp'];
  var MAX_BYTES = 2 * 1024 * 1024;

  var editor = document.querySelector('[data-avatar-editor]');
  if (editor) setUp(editor);

  // Signing out another device: the server answers 204, which htmx 2 does not swap by default,
  // so hx-swap="delete" would never remove the row. Let it, for buttons that ask for it.
  // (detail.elt is the swap target here; the button that asked is requestConfig.elt.)
  document.addEventListener('htmx:beforeSwap', function (event) {
    var detail = event.detail;
    var source = detail.requestConfig && detail.requestConfig.elt;
    if (detail.xhr.status === 204 && source instanceof Element && source.closest('[data-delete-on-204]')) {
      detail.shouldSwap = true;
    }
  });

  function setUp(root) {
    var form = root.querySelector('[data-avatar-form]');
    var input = root.querySelector('[data-avatar-input]');
    var preview = root.querySelector('[data-avatar-preview]');
    var fileLine = root.querySelector('[data-avatar-file]');
    var status = root.querySelector('[data-avatar-status]');
    var saveButton = root.querySelector('[data-avatar-save]');
    var cancelButton = root.querySelector('[data-avatar-cancel]');
    var removeForm = root.querySelector('[data-avatar-remove-form]');
    var removeButton = root.querySelector('[data-avatar-remove]');
    var chosen = null; // the file previewed and waiting for "Save photo"
    var previewUrl = null;
    var busy = false;
    var sizes = new Intl.NumberFormat(root.getAttribute('data-locale-tag') || undefined, { maximumFractionDigits: 1 });

    function message(name) {
      return root.getAttribute('data-msg-' + name) || '';
    }

    function say(text, isError) {
      status.textContent = text;
      status.classList.toggle('is-error', !!isError);
    }

    function sizeOf(bytes) {
      return bytes < 1024 * 1024 ? sizes.format(bytes / 1024) + ' KB' : sizes.format(bytes / 1024 / 1024) + ' MB';
    }

    function refused(file) {
      if (TYPES.indexOf(file.type) === -1) return message('type');
      if (file.size > MAX_BYTES) return message('size');
      return null;
    }

    function choose(file) {
      if (busy || !file) return;
      var problem = refused(file);
      if (problem) {
        reset();
        return say(problem, true);
      }
      chosen = file;
      if (previewUrl) URL.revokeObjectURL(previewUrl);
      previewUrl = URL.createObjectURL(file);
      preview.src = previewUrl;
      preview.hidden = false;
      fileLine.textContent = message('chosen').replace('{name}', file.name).replace('{size}', sizeOf(file.size));
      fileLine.hidden = false;
      cancelButton.hidden = false;
      root.classList.add('is-previewing');
      say('');
      saveButton.focus();
    }

    function reset() {
      chosen = null;
      if (previewUrl) URL.revokeObjectURL(previewUrl);
      previewUrl = null;
      preview.hidden = true;
      preview.removeAttribute('src');
      fileLine.hidden = true;
      fileLine.textContent = '';
      cancelButton.hidden = true;
      input.value = '';
      root.classList.remove('is-previewing');
    }

    // Server errors are JSON {error, message}; anything else (an object store's XML, a proxy's
    // HTML page, a network failure) gets the generic message.
    function failure(response) {
      return response
        .json()
        .catch(function () {
          return null;
        })
        .then(function (body) {
          throw new Error(body && typeof body.message === 'string' ? body.message : message('failed'));
        });
    }

    function request(method, url, body) {
      var init = { method: method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
      if (body !== undefined) {
        init.headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
      return fetch(url, init).then(function (response) {
        if (!response.ok) return failure(response);
        return response.status === 204 ? null : response.json();
      });
    }

    function errorText(error) {
      return error && error.message && !(error instanceof TypeError) ? error.message : message('failed');
    }

    // Header and page avatars alike (Avatar with `mine`): initials become an <img> of the same size.
    function showAvatar(url) {
      document.querySelectorAll('[data-viewer-avatar]').forEach(function (old) {
        var size = old.getAttribute('width') || String(parseInt(getComputedStyle(old).width, 10) || 32);
        var img = document.createElement('img');
        img.className = 'avatar';
        img.src = url;
        img.alt = old.getAttribute('alt') || old.getAttribute('aria-label') || '';
        img.width = Number(size);
        img.height = Number(size);
        img.referrerPolicy = 'no-referrer';
        img.setAttribute('data-viewer-avatar', '');
        old.replaceWith(img);
      });
    }

    function setBusy(on) {
      busy = on;
      input.disabled = on;
      saveButton.disabled = on;
      cancelButton.disabled = on;
      root.classList.toggle('is-busy', on);
    }

    function upload(file) {
      setBusy(true);
      say(message('uploading'));
      return request('POST', '/account/avatar', { content_type: file.type, size: file.size })
        .then(function (target) {
          return fetch(target.upload_url, { method: 'PUT', body: file, headers: { 'Content-Type': file.type } }).then(function (response) {
            if (!response.ok) throw new Error(message('failed'));
            return target.key;
          });
        })
        .then(function (key) {
          say(message('saving'));
          return request('PATCH', '/account/avatar', { key: key });
        })
        .then(function (saved) {
          showAvatar(saved.avatar_url);
          reset();
          removeForm.hidden = false;
          say(message('saved'));
        })
        .catch(function (error) {
          say(errorText(error), true);
        })
        .then(function () {
          setBusy(false);
        });
    }

    input.addEventListener('change', function () {
      if (input.files && input.files[0]) choose(input.files[0]);
    });

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (busy) return;
      if (!chosen) {
        input.click();
        return;
      }
      upload(chosen);
    });

    cancelButton.addEventListener('click', function () {
      reset();
      say('');
      input.focus();
    });

    // Drag and drop onto the picture (or anywhere on the control).
    var depth = 0;
    root.addEventListener('dragenter', function (event) {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth++;
      root.classList.add('is-dragging');
    });
    root.addEventListener('dragover', function (event) {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    });
    root.addEventListener('dragleave', function () {
      depth = Math.max(0, depth - 1);
      if (depth === 0) root.classList.remove('is-dragging');
    });
    root.addEventListener('drop', function (event) {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      root.classList.remove('is-dragging');
      var file = event.dataTransfer.files[0];
      if (file) choose(file);
    });

    function hasFiles(event) {
      var types = event.dataTransfer && event.dataTransfer.types;
      return !!types && Array.prototype.indexOf.call(types, 'Files') !== -1;
    }

    removeForm.addEventListener('submit', function (event) {
      event.preventDefault();
      if (!window.confirm(message('confirm-remove'))) return;
      removeButton.disabled = true;
      say(message('removing'));
      request('DELETE', '/account/avatar')
        .then(function () {
          // Initials are drawn by the server: a reload shows them everywhere at once.
          window.location.reload();
        })
        .catch(function (error) {
          removeButton.disabled = false;
          say(errorText(error), true);
        });
    });

    // The file input keeps working for the keyboard and screen readers; the picture is its label.
    input.removeAttribute('required');
    root.classList.add('is-enhanced');
  }
})();
