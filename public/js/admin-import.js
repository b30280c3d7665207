// The import form of /admin/imports (views/pages/admin/imports/ImportsPage.tsx): a file dropped on the zone
// or chosen in the field is uploaded to POST /api/admin/import with a progress bar; then the task
// list is reloaded, where the import's own progress shows. Without this file the form posts as it is.
(function () {
  'use strict';
  var form = document.querySelector('form[data-import-form]');
  if (!form) return;
  var zone = form.querySelector('[data-dropzone]');
  var input = form.querySelector('[data-file]');
  var name = form.querySelector('[data-file-name]');
  var bar = form.querySelector('[data-upload-progress]');
  var status = form.querySelector('[data-upload-status]');

  function show(file) {
    name.textContent = file ? file.name : '';
  }
  input.addEventListener('change', function () {
    show(input.files && input.files[0]);
  });
  ['dragenter', 'dragover'].forEach(function (type) {
    zone.addEventListener(type, function (event) {
      event.preventDefault();
      zone.classList.add('dropzone--over');
    });
  });
  ['dragleave', 'drop'].forEach(function (type) {
    zone.addEventListener(type, function () {
      zone.classList.remove('dropzone--over');
    });
  });
  zone.addEventListener('drop', function (event) {
    event.preventDefault();
    var files = event.dataTransfer && event.dataTransfer.files;
    if (!files || !files.length) return;
    var list = new DataTransfer();
    list.items.add(files[0]);
    input.files = list.files;
    show(files[0]);
  });

  function message(response) {
    try {
      return JSON.parse(response).message;
    } catch (e) {
      return null;
    }
  }

  form.addEventListener('submit', function (event) {
    if (!input.files || !input.files.length) return;
    event.preventDefault();
    var data = new FormData(form);
    var request = new XMLHttpRequest();
    request.open('POST', '/api/admin/import');
    request.setRequestHeader('accept', 'application/json');
    bar.hidden = false;
    bar.value = 0;
    request.upload.addEventListener('progress', function (e) {
      if (!e.lengthComputable) return;
      var percent = Math.round((e.loaded / e.total) * 100);
      bar.value = percent;
      status.textContent = (form.getAttribute('data-uploading') || '').replace('{percent}', String(percent));
    });
    request.addEventListener('load', function () {
      bar.hidden = true;
      if (request.status === 202) {
        var id = JSON.parse(request.responseText).task_id;
        window.location.assign('/admin/imports?done=uploaded&task=' + encodeURIComponent(id));
        return;
      }
      status.textContent = request.status === 413 ? form.getAttribute('data-error-size') : message(request.responseText) || form.getAttribute('data-error-generic');
    });
    request.addEventListener('error', function () {
      bar.hidden = true;
      status.textContent = form.getAttribute('data-error-generic');
    });
    request.send(data);
  });
})();

// The import review (views/pages/admin/imports/ImportReviewPage.tsx): its forms save separately, so
// publishing, another form's button or a link while typed changes are unsaved asks first.
(function () {
  'use strict';
  var page = document.querySelector('[data-review-unsaved]');
  if (!page) return;
  var message = page.getAttribute('data-review-unsaved');
  var dirty = [];
  var leaving = false;
  page.querySelectorAll('form[data-review-form]').forEach(function (form) {
    function mark() {
      if (dirty.indexOf(form) < 0) dirty.push(form);
    }
    form.addEventListener('input', mark);
    form.addEventListener('change', mark);
  });
  page.addEventListener('submit', function (event) {
    var others = dirty.filter(function (form) {
      return form !== event.target;
    });
    if (others.length && !window.confirm(message)) {
      event.preventDefault();
      return;
    }
    leaving = true;
  });
  window.addEventListener('beforeunload', function (event) {
    if (leaving || !dirty.length) return;
    event.preventDefault();
    event.returnValue = '';
  });
})();
