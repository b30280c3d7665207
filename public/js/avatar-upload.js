// The account page's photo control (views/pages/accounts/AvatarEditor.tsx). The file goes
// straight to the object store: POST /account/avatar returns a presigned upload URL and a key,
// the browser PUTs the file there, then PATCH /account/avatar {key} makes it the avatar (the
// server checks the stored bytes). Every message comes from data-msg-* in the page's language.
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
    var input = root.querySelector('[data-avatar-input]');
    var preview = root.querySelector('[data-avatar-preview]');
    var status = root.querySelector('[data-avatar-status]');
    var removeButton = root.querySelector('[data-avatar-remove]');
    var controls = root.querySelector('[data-avatar-controls]');
    var previewUrl = null;

    function message(name) {
      return root.getAttribute('data-msg-' + name) || '';
    }

    function say(text, isError) {
      status.textContent = text;
      status.classList.toggle('is-error', !!isError);
    }

    function showPreview(file) {
      clearPreview();
      previewUrl = URL.createObjectURL(file);
      preview.src = previewUrl;
      preview.hidden = false;
      root.classList.add('is-previewing');
    }

    function clearPreview() {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
      previewUrl = null;
      preview.hidden = true;
      preview.removeAttribute('src');
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
          var text = body && typeof body.message === 'string' ? body.message : message('failed');
          throw new Error(text);
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

    function upload(file) {
      say(message('uploading'));
      input.disabled = true;
      return request('POST', '/account/avatar', { content_type: file.type, size: file.size })
        .then(function (target) {
          return fetch(target.upload_url, {
            method: 'PUT',
            body: file,
            headers: { 'Content-Type': file.type },
          }).then(function (response) {
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
          clearPreview();
          removeButton.hidden = false;
          say(message('saved'));
        })
        .catch(function (error) {
          clearPreview();
          say(error && error.message && !(error instanceof TypeError) ? error.message : message('failed'), true);
        })
        .then(function () {
          input.disabled = false;
          input.value = '';
        });
    }

    input.addEventListener('change', function () {
      var file = input.files && input.files[0];
      if (!file) return;
      if (TYPES.indexOf(file.type) === -1) {
        input.value = '';
        return say(message('type'), true);
      }
      if (file.size > MAX_BYTES) {
        input.value = '';
        return say(message('size'), true);
      }
      showPreview(file);
      upload(file);
    });

    removeButton.addEventListener('click', function () {
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
          say(error && error.message && !(error instanceof TypeError) ? error.message : message('failed'), true);
        });
    });

    controls.hidden = false;
  }
})();
