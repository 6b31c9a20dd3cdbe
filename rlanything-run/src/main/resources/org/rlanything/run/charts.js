// RLAnything's charts, for report.html (inlined) and rlanything review (served): draws a chart spec of
// RunOverview / ReportWriter with Chart.js. A spec: {id, title, type: 'line'|'bar', series: [{label, style:
// 'line'|'points', color: palette index, data: [{x, y, n?, lo?, hi?}]}], baselines: [{label, y | data, color?}]}.
// Lines never cross a gap (a null y); evaluation points carry their n and 95% interval (drawn as a bar and
// shown on hover); each baseline is a dashed line, and the y axis always reaches it.
(function (global) {
  'use strict';
  var PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
    '#bcbd22', '#17becf'];
  var GREY = '#555555';

  function color(i) { return PALETTE[((i || 0) % PALETTE.length + PALETTE.length) % PALETTE.length]; }
  function baselineColor(b) { return b.color === undefined || b.color === null ? GREY : color(b.color); }
  function values(b) {
    if (b.y !== undefined && b.y !== null) { return [b.y]; }
    return (b.data || []).map(function (p) { return p.y; });
  }

  // draws the baselines and the evaluation intervals; widens the y axis to hold every baseline
  var overlay = {
    id: 'rlanythingOverlay',
    afterDataLimits: function (chart, args) {
      var scale = args.scale;
      if (scale.axis !== 'y' || chart.config.type === 'bar') { return; }
      (chart.canvas.rlSpec.baselines || []).forEach(function (b) {
        values(b).forEach(function (v) {
          if (v < scale.min) { scale.min = v; }
          if (v > scale.max) { scale.max = v; }
        });
      });
      chart.data.datasets.forEach(function (ds) {
        ds.data.forEach(function (p) {
          if (p && p.lo !== undefined) { scale.min = Math.min(scale.min, p.lo); scale.max = Math.max(scale.max, p.hi); }
        });
      });
      if (scale.min === scale.max) { scale.min -= 0.5; scale.max += 0.5; }
    },
    afterDatasetsDraw: function (chart) {
      var ctx = chart.ctx, area = chart.chartArea, xs = chart.scales.x, ys = chart.scales.y;
      var drawn = [];
      ctx.save();
      ctx.beginPath();
      ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
      ctx.clip();
      ctx.lineWidth = 2;
      ctx.setLineDash([7, 4]);
      (chart.canvas.rlSpec.baselines || []).forEach(function (b) {
        ctx.strokeStyle = baselineColor(b);
        ctx.beginPath();
        var pixel, points = [];
        if (b.y !== undefined && b.y !== null) {
          pixel = ys.getPixelForValue(b.y);
          ctx.moveTo(area.left, pixel);
          ctx.lineTo(area.right, pixel);
        } else {
          (b.data || []).forEach(function (p, i) {
            var px = xs.getPixelForValue(p.x), py = ys.getPixelForValue(p.y);
            if (i === 0) { ctx.moveTo(px, py); } else { ctx.lineTo(px, py); }
            points.push([px, py]);
          });
        }
        ctx.stroke();
        drawn.push({label: b.label, y: b.y === undefined ? null : b.y, pixel: pixel, points: points,
          color: baselineColor(b)});
      });
      ctx.restore();
      // the intervals may reach past the plot's edge (a point at the first or last iteration)
      ctx.save();
      ctx.setLineDash([]);
      ctx.lineWidth = 1.5;
      chart.data.datasets.forEach(function (ds, i) {
        if (!chart.isDatasetVisible(i)) { return; }
        ctx.strokeStyle = ds.borderColor;
        ds.data.forEach(function (p) {
          if (!p || p.lo === undefined) { return; }
          var px = xs.getPixelForValue(p.x), lo = ys.getPixelForValue(p.lo), hi = ys.getPixelForValue(p.hi);
          ctx.beginPath();
          ctx.moveTo(px, lo); ctx.lineTo(px, hi);
          ctx.moveTo(px - 4, lo); ctx.lineTo(px + 4, lo);
          ctx.moveTo(px - 4, hi); ctx.lineTo(px + 4, hi);
          ctx.stroke();
        });
      });
      ctx.restore();
      chart.$rlBaselines = drawn;
    }
  };

  function fixed(v) { return v === null || v === undefined ? '-' : Number(v).toFixed(3); }

  function tooltipTitle(items) {
    return items.length === 0 ? '' : 'iteration ' + (items[0].raw.at !== undefined ? items[0].raw.at : items[0].raw.x);
  }

  function tooltipLabel(item) {
    var p = item.raw, text = item.dataset.label + ': ' + fixed(p.y);
    if (p.n !== undefined) {
      text += ' (n = ' + p.n + ', 95% interval ' + fixed(p.lo) + ' to ' + fixed(p.hi) + ')';
    } else if (item.dataset.rlStyle === 'points') {
      text += ' (an evaluation; its n is not recorded)';
    }
    return text;
  }

  // Several series of points at the same iterations (runs evaluated alike) would hide each other: each is
  // moved sideways by a little (under 1% of the x range), and its hover still says the true iteration.
  function dodge(series) {
    var points = series.filter(function (s) { return s.style === 'points'; });
    if (points.length < 2) { return series; }
    var xs = [];
    series.forEach(function (s) { s.data.forEach(function (p) { xs.push(p.x); }); });
    var step = (Math.max.apply(null, xs) - Math.min.apply(null, xs) || 1) * 0.008;
    return series.map(function (s) {
      var k = points.indexOf(s);
      if (k < 0) { return s; }
      var shift = (k - (points.length - 1) / 2) * step;
      return Object.assign({}, s, {data: s.data.map(function (p) {
        return Object.assign({}, p, {x: p.x + shift, at: p.x});
      })});
    });
  }

  // The x axis: the iterations of the data with a little room on each side (for the intervals and the
  // moved points), ticks on whole iterations inside the data only.
  function xAxis(series, bar) {
    var xs = [];
    series.forEach(function (s) { s.data.forEach(function (p) { xs.push(p.x); }); });
    var axis = {type: 'linear', title: {display: true, text: 'iteration'}, stacked: bar};
    if (xs.length === 0 || bar) { return axis; }
    var lo = Math.min.apply(null, xs), hi = Math.max.apply(null, xs);
    var pad = Math.max(0.4, (hi - lo) * 0.02);
    axis.min = lo - pad;
    axis.max = hi + pad;
    axis.ticks = {includeBounds: false, callback: function (v) {
      return Number.isInteger(v) && v >= lo && v <= hi ? String(v) : '';
    }};
    return axis;
  }

  // Draws spec on canvas; returns the Chart.
  function draw(canvas, spec) {
    var bar = spec.type === 'bar';
    var datasets = dodge(spec.series).map(function (s, i) {
      var c = color(s.color === undefined ? i : s.color);
      var points = s.style === 'points';
      return {label: s.label, data: s.data, borderColor: c, backgroundColor: c, rlStyle: s.style,
        showLine: !points, pointRadius: points ? 4 : (s.data.length > 60 ? 0 : 2), pointHoverRadius: 5,
        borderWidth: 1.5, spanGaps: false, stack: bar ? 'time' : undefined};
    });
    canvas.rlSpec = spec; // read by the overlay while Chart.js draws
    var chart = new global.Chart(canvas, {type: bar ? 'bar' : 'line', data: {datasets: datasets},
      plugins: [overlay],
      options: {animation: false, responsive: true, maintainAspectRatio: false, parsing: true,
        interaction: {mode: 'nearest', intersect: false},
        scales: {x: xAxis(spec.series, bar), y: {stacked: bar}},
        plugins: {legend: {position: 'bottom'}, tooltip: {callbacks: {label: tooltipLabel, title: tooltipTitle}}}}});
    return chart;
  }

  // How much of each drawn baseline the canvas shows in its colour: proof that it is drawn. A level baseline:
  // the pixels of its row across the plot (dashed: about 60%); one that varies: the share of its points whose
  // neighbourhood holds its colour.
  function baselinePixels(canvas, chart) {
    var ctx = canvas.getContext('2d'), area = chart.chartArea, ratio = chart.currentDevicePixelRatio || 1;
    function matches(img, i, want) {
      return img[i + 3] > 128 && Math.abs(img[i] - want[0]) < 40 && Math.abs(img[i + 1] - want[1]) < 40
        && Math.abs(img[i + 2] - want[2]) < 40;
    }
    return (chart.$rlBaselines || []).map(function (b) {
      var want = b.color.match(/[0-9a-f]{2}/gi).map(function (h) { return parseInt(h, 16); });
      var share = 0, i, img;
      if (b.pixel !== undefined) {
        var left = Math.round(area.left * ratio), width = Math.max(1, Math.round((area.right - area.left) * ratio));
        for (var dy = -1; dy <= 1; dy++) {
          img = ctx.getImageData(left, Math.round(b.pixel * ratio) + dy, width, 1).data;
          var count = 0;
          for (i = 0; i < img.length; i += 4) { if (matches(img, i, want)) { count++; } }
          share = Math.max(share, count / width);
        }
      } else if (b.points.length > 0) {
        var hits = 0;
        b.points.forEach(function (p) {
          img = ctx.getImageData(Math.round(p[0] * ratio) - 3, Math.round(p[1] * ratio) - 3, 7, 7).data;
          for (i = 0; i < img.length; i += 4) { if (matches(img, i, want)) { hits++; return; } }
        });
        share = hits / b.points.length;
      }
      return {label: b.label, y: b.y, share: share};
    });
  }

  global.RLCharts = {draw: draw, baselinePixels: baselinePixels, color: color};
})(window);
