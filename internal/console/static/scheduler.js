// The scheduler page's charts (uPlot, embedded): one chart per measure,
// one line per tier, from /console/admin/scheduler/samples every
// data-every ms. The
// table above them is refreshed from the same answer.
(function () {
  "use strict";
  var root = document.getElementById("charts");
  if (!root || !window.uPlot) return;
  var colors = ["#1a5fb4", "#a50e0e", "#0f5223", "#7a2e00", "#5b2a86", "#005f73"];
  var charts = {};

  function fmt(v) { return v == null ? "—" : String(Math.round(v * 100) / 100); }
  function size(el) { return { width: Math.max(el.clientWidth, 200), height: 180 }; }

  function draw(s) {
    var data;
    root.querySelectorAll(".chart").forEach(function (el) {
      var m = el.dataset.measure;
      data = [s.times].concat(s.measures[m]);
      if (!charts[m]) {
        var series = [{}].concat(s.tiers.map(function (t, i) {
          return { label: t, stroke: colors[i % colors.length], width: 2, spanGaps: true, value: function (u, v) { return fmt(v); } };
        }));
        var sz = size(el);
        charts[m] = new uPlot({ width: sz.width, height: sz.height, series: series,
          axes: [{ stroke: "#333" }, { stroke: "#333" }], scales: { x: { time: true } } }, data, el);
      } else {
        charts[m].setData(data);
      }
    });
    root.dataset.points = String(s.times.length);
    (s.table || []).forEach(function (t) {
      var row = document.querySelector('#measures tr[data-tier="' + t.tier + '"]');
      if (!row) return;
      var vals = { queued: t.queued, running: t.running, started: t.started, done: t.done };
      Object.keys(vals).forEach(function (k) { row.querySelector('[data-m="' + k + '"]').textContent = vals[k]; });
      var secs = { waitP50: t.waitSeconds.p50, waitP95: t.waitSeconds.p95, renderP50: t.renderSeconds.p50, renderP95: t.renderSeconds.p95 };
      Object.keys(secs).forEach(function (k) {
        row.querySelector('[data-m="' + k + '"]').textContent = secs[k] == null ? "—" : secs[k].toFixed(2) + " s";
      });
    });
  }

  function poll() {
    fetch(root.dataset.samples, { credentials: "same-origin" }).then(function (resp) {
      if (resp.redirected || !resp.ok) throw new Error("status " + resp.status);
      return resp.json();
    }).then(draw).catch(function () {}).then(function () { setTimeout(poll, Number(root.dataset.every) || 5000); });
  }
  window.addEventListener("resize", function () {
    Object.keys(charts).forEach(function (m) {
      charts[m].setSize(size(root.querySelector('[data-measure="' + m + '"]')));
    });
  });
  poll();
})();
