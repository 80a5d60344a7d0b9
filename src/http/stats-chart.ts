// The script that draws the statistics pages' charts with uPlot (served from this server, like uPlot itself: the
// pages' CSP allows scripts from 'self' only). It reads the page's own JSON (#stats-data); the table beside each chart
// holds the same figures, so without scripts nothing is lost. A "< 3" cell is a gap in its line or bar.

/** GET /stats/assets/charts.js */
export const CHARTS_JS = `(function () {
  'use strict';
  var el = document.getElementById('stats-data');
  if (!el || typeof uPlot === 'undefined') return;
  var data = JSON.parse(el.textContent);
  var COLOURS = ['#0b57d0', '#1e8e3e', '#8a6d00', '#c62828'];
  function width(node) { return Math.max(280, Math.min(node.clientWidth || 320, 900)); }
  function monthsChart(node) {
    var m = data.months;
    var xs = m.x.map(function (_, i) { return i; });
    var series = [{ label: '' }].concat(m.series.map(function (s, i) {
      return { label: s.label, stroke: COLOURS[i % COLOURS.length], width: 2, spanGaps: false };
    }));
    var opts = {
      width: width(node), height: 240, series: series,
      scales: { x: { time: false } },
      axes: [{ values: function (u, ticks) { return ticks.map(function (t) { return m.x[t] || ''; }); } }, {}],
      legend: { show: true }
    };
    return new uPlot(opts, [xs].concat(m.series.map(function (s) { return s.values; })), node);
  }
  function pendingChart(node) {
    var p = data.pending;
    var xs = p.x.map(function (_, i) { return i; });
    var bars = uPlot.paths && uPlot.paths.bars ? uPlot.paths.bars({ size: [0.6, 80] }) : undefined;
    var opts = {
      width: width(node), height: 200,
      series: [{ label: '' }, { label: p.label, stroke: COLOURS[0], fill: 'rgba(11,87,208,0.35)', paths: bars, points: { show: false } }],
      scales: { x: { time: false, range: [-0.5, p.x.length - 0.5] } },
      axes: [{ values: function (u, ticks) { return ticks.map(function (t) { return p.x[t] || ''; }); }, splits: function () { return xs; } }, {}],
      legend: { show: false }
    };
    return new uPlot(opts, [xs, p.values], node);
  }
  var nodes = document.querySelectorAll('[data-chart]');
  for (var i = 0; i < nodes.length; i++) {
    var n = nodes[i];
    if (n.getAttribute('data-chart') === 'months') monthsChart(n); else pendingChart(n);
    n.setAttribute('data-drawn', '1');
  }
})();
`;
