// The console's little JavaScript outside the editor: live regions that
// refresh themselves while their work runs, and confirmations of deletes.
(function () {
  "use strict";
  // <div id="live" data-live="ms">: fetch this page again every ms and swap
  // the region in; the server drops data-live once nothing can change.
  var live = document.getElementById("live");
  function refresh() {
    var every = live && live.dataset.live;
    if (!every) return;
    setTimeout(function () {
      fetch(location.href, { credentials: "same-origin" }).then(function (resp) {
        if (resp.redirected || !resp.ok) return null;
        return resp.text();
      }).then(function (text) {
        if (text === null) return;
        var next = new DOMParser().parseFromString(text, "text/html").getElementById("live");
        if (!next) return;
        live.innerHTML = next.innerHTML;
        if (next.dataset.live) live.dataset.live = next.dataset.live;
        else delete live.dataset.live;
        refresh();
      }).catch(function () { refresh(); });
    }, Number(every));
  }
  refresh();
  // <button data-copy="input-id">: copy that field's text (an asset's
  // reference) to the clipboard, and say so.
  document.addEventListener("click", function (e) {
    var id = e.target.dataset && e.target.dataset.copy;
    if (!id) return;
    var field = document.getElementById(id);
    var said = document.getElementById("copy-status");
    field.select();
    var done = function () { if (said) said.textContent = "Copied " + field.value + "."; };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(field.value).then(done, function () {
        if (said) said.textContent = "Selected " + field.value + ": copy it with Ctrl+C.";
      });
    } else {
      done();
    }
  });
  document.addEventListener("submit", function (e) {
    var msg = e.target.dataset && e.target.dataset.confirm;
    if (msg && !window.confirm(msg)) e.preventDefault();
  });
})();
