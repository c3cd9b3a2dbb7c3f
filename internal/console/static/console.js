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
  document.addEventListener("submit", function (e) {
    var msg = e.target.dataset && e.target.dataset.confirm;
    if (msg && !window.confirm(msg)) e.preventDefault();
  });
})();
