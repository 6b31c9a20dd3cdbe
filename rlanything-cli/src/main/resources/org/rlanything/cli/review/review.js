// rlanything review: the page's script. Builds every element with textContent (the run's texts are
// never parsed as HTML), sends writes with the session token, and records on <body> what it did
// (data-overview, data-trajectories, data-errors) so a headless browser can check it.
(function () {
  'use strict';
  var errors = [];
  window.addEventListener('error', function (e) { errors.push(String(e.message)); note(); });
  function note() { document.body.setAttribute('data-errors', JSON.stringify(errors)); }
  note();

  // The token: from the printed address (?token=...), kept for this tab, then taken off the address bar.
  var params = new URLSearchParams(window.location.search);
  if (params.get('token')) {
    sessionStorage.setItem('rlanything-review-token', params.get('token'));
    history.replaceState(null, '', window.location.pathname);
  }
  var token = sessionStorage.getItem('rlanything-review-token') || '';
  document.getElementById('token-state').textContent = token
    ? 'token present: corrections can be written'
    : 'no token: read only (open the address the command printed)';

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') { e.textContent = attrs[k]; } else if (k === 'class') { e.className = attrs[k]; }
      else { e.setAttribute(k, attrs[k]); }
    });
    (children || []).forEach(function (c) { if (c) { e.appendChild(c); } });
    return e;
  }

  function say(text, isError) {
    var m = document.getElementById('message');
    m.textContent = text;
    m.className = isError ? 'error' : '';
    if (isError) { errors.push(text); note(); }
  }

  function get(url) {
    return fetch(url, {headers: {'Accept': 'application/json'}}).then(function (r) {
      return r.json().then(function (body) {
        if (!r.ok) { throw new Error(body.error || ('HTTP ' + r.status)); }
        return body;
      });
    });
  }

  function post(url, body) {
    return fetch(url, {method: 'POST', body: JSON.stringify(body),
        headers: {'Content-Type': 'application/json', 'X-Review-Token': token}}).then(function (r) {
      return r.json().then(function (answer) {
        if (!r.ok) { throw new Error(answer.error || ('HTTP ' + r.status)); }
        return answer;
      });
    });
  }

  // ---- pages
  var pages = ['overview', 'trajectories', 'corrections'];
  function show(page) {
    pages.forEach(function (p) {
      document.getElementById('page-' + p).hidden = p !== page;
      document.getElementById('tab-' + p).className = p === page ? 'active' : '';
    });
    if (page === 'overview') { loadOverview(); }
    if (page === 'trajectories') { loadTrajectories(); }
    if (page === 'corrections') { loadCorrections(); }
  }
  pages.forEach(function (p) {
    document.getElementById('tab-' + p).addEventListener('click', function () { show(p); });
  });

  // ---- overview
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd'];
  var charts = [];
  function loadOverview() {
    get('/api/overview').then(function (data) {
      document.getElementById('run-name').textContent = data.run;
      // the table is made by the server from numbers and fixed words, each escaped
      document.getElementById('overview-table').innerHTML = data.html;
      charts.forEach(function (c) { c.destroy(); });
      charts = [];
      var grid = document.getElementById('overview-charts');
      grid.textContent = '';
      var points = 0;
      data.charts.forEach(function (spec) {
        var canvas = el('canvas', {id: 'chart-' + spec.id});
        grid.appendChild(el('figure', {}, [el('figcaption', {text: spec.title}), el('div', {'class': 'box'}, [canvas])]));
        var count = 0;
        var datasets = spec.series.map(function (s, i) {
          count += s.data.length;
          return {label: s.label, data: s.data, borderColor: palette[i % palette.length],
                  backgroundColor: palette[i % palette.length], pointRadius: s.data.length > 60 ? 0 : 2,
                  borderWidth: 1.5, spanGaps: true};
        });
        points += count;
        if (count === 0) { canvas.parentNode.textContent = 'No data for this chart yet.'; return; }
        charts.push(new Chart(canvas, {type: 'line', data: {datasets: datasets}, options: {
          animation: false, responsive: true, maintainAspectRatio: false,
          interaction: {mode: 'nearest', intersect: false},
          scales: {x: {type: 'linear', title: {display: true, text: 'iteration'}}},
          plugins: {legend: {position: 'bottom'}}}}));
      });
      document.body.setAttribute('data-overview', JSON.stringify({charts: charts.length, points: points}));
    }).catch(function (e) { say(e.message, true); });
  }
  document.getElementById('reload-overview').addEventListener('click', loadOverview);

  // ---- trajectories
  var firstLoad = true;
  function loadTrajectories() {
    var q = new URLSearchParams();
    ['iteration', 'task', 'outcome', 'role', 'mark'].forEach(function (k) {
      var v = document.getElementById('f-' + k).value;
      if (v && !(firstLoad && k === 'iteration')) { q.set(k, v); }
    });
    get('/api/trajectories?' + q.toString()).then(function (data) {
      fillSelect('f-iteration', data.iterations, data.iteration, false);
      fillSelect('f-role', data.roles, document.getElementById('f-role').value, true);
      firstLoad = false;
      var list = document.getElementById('trajectory-list');
      list.textContent = '';
      if (data.trajectories.length === 0) {
        list.appendChild(el('p', {text: data.iterations.length === 0
          ? 'No saved trajectories yet (trainer.saved_trajectories: 0, or no iteration has ended).'
          : 'No saved trajectory of this iteration passes the filters.'}));
      }
      var steps = 0;
      data.trajectories.forEach(function (t) { steps += t.steps.length; list.appendChild(trajectory(t)); });
      document.body.setAttribute('data-trajectories', JSON.stringify({shown: data.trajectories.length, steps: steps}));
    }).catch(function (e) { say(e.message, true); });
  }
  function fillSelect(id, values, selected, any) {
    var s = document.getElementById(id);
    s.textContent = '';
    if (any) { s.appendChild(el('option', {value: '', text: 'any'})); }
    values.forEach(function (v) {
      var o = el('option', {value: String(v), text: String(v)});
      if (String(v) === String(selected)) { o.selected = true; }
      s.appendChild(o);
    });
  }
  document.getElementById('filters').addEventListener('submit', function (e) { e.preventDefault(); loadTrajectories(); });

  function verdictSpan(v, text) {
    return el('span', {'class': 'v' + v, title: text || '', text: v === 0 ? '?' : (v > 0 ? '+1' : '-1')});
  }

  function trajectory(t) {
    var head = el('h3', {text: 'iteration ' + t.iteration + ', slot ' + t.slot + ' \u2014 ' + t.task + ': '
        + t.description + ' \u2014 ' + (t.won ? 'won' : 'failed') + ' (' + t.role + ')'});
    var table = el('table', {'class': 'steps'}, [el('tr', {}, ['#', 'observation', 'action', 'result', 'label',
        'verdicts and texts', 'reward', 'correct'].map(function (h) { return el('th', {text: h}); }))]);
    t.steps.forEach(function (s) { table.appendChild(stepRow(t, s)); });
    return el('section', {'class': 'trajectory', 'data-iteration': t.iteration, 'data-slot': t.slot,
        'data-task': t.task}, [head, table]);
  }

  function stepRow(t, s) {
    var verdicts = el('td', {});
    (s.verdicts || []).forEach(function (v, i) {
      verdicts.appendChild(verdictSpan(v, (s.judgments || [])[i]));
      verdicts.appendChild(document.createTextNode(' '));
    });
    ['split', 'against', 'risk'].forEach(function (m) {
      if (s[m]) { verdicts.appendChild(el('span', {'class': 'mark' + (m === 'risk' ? ' risk' : ''), text: m})); }
    });
    if ((s.judgments || []).length > 0) {
      verdicts.appendChild(el('details', {}, [el('summary', {text: 'texts'}),
        el('ol', {}, s.judgments.map(function (j) { return el('li', {text: j}); }))]));
    }
    var correctCell = el('td', {'class': 'correct'});
    if (s.correction) {
      correctCell.appendChild(el('div', {'class': 'person'}, [document.createTextNode('person: '),
        verdictSpan(s.correction.verdict), document.createTextNode(s.correction.note ? ' ' + s.correction.note : '')]));
    }
    var noteInput = el('input', {type: 'text', placeholder: 'note (optional)', 'class': 'note', maxlength: '2000'});
    var plus = el('button', {type: 'button', 'class': 'set-plus', text: '+1'});
    var minus = el('button', {type: 'button', 'class': 'set-minus', text: '-1'});
    correctCell.appendChild(plus);
    correctCell.appendChild(minus);
    if (s.correction) { correctCell.appendChild(el('button', {type: 'button', 'class': 'undo', text: 'undo'})); }
    correctCell.appendChild(noteInput);
    var key = {iteration: t.iteration, slot: t.slot, task: t.task, step: s.index};
    function send(body, done) {
      post('/api/corrections', Object.assign({}, key, body)).then(function () {
        say(done);
        loadTrajectories();
      }).catch(function (e) { say(e.message, true); });
    }
    plus.addEventListener('click', function () { send({verdict: 1, note: noteInput.value}, 'Step ' + (s.index + 1) + ' set to +1.'); });
    minus.addEventListener('click', function () { send({verdict: -1, note: noteInput.value}, 'Step ' + (s.index + 1) + ' set to -1.'); });
    var undo = correctCell.querySelector('.undo');
    if (undo) { undo.addEventListener('click', function () { send({undo: true}, 'Step ' + (s.index + 1) + ': correction undone.'); }); }
    var cls = (s.match === false ? 'dim ' : '') + (s.correction ? 'corrected' : '');
    return el('tr', {id: 'step-' + t.iteration + '-' + t.slot + '-' + s.index, 'class': cls.trim()}, [
      el('td', {text: String(s.index + 1)}),
      el('td', {'class': 'text', text: s.observation || ''}),
      el('td', {'class': 'text'}, [el('b', {text: s.action || ''})]),
      el('td', {'class': 'text', text: s.next_observation || ''}),
      el('td', {text: s.label || ''}),
      verdicts,
      el('td', {text: s.reward === undefined ? '' : Number(s.reward).toFixed(3)}),
      correctCell]);
  }

  // ---- corrections
  function loadCorrections() {
    get('/api/corrections').then(function (data) {
      document.getElementById('corrections-file').textContent = data.file;
      var list = document.getElementById('correction-list');
      list.textContent = '';
      if (data.corrections.length === 0) { list.appendChild(el('p', {text: 'No corrections yet.'})); return; }
      var table = el('table', {}, [el('tr', {}, ['iteration', 'slot', 'task', 'step', 'verdict', 'note', 'time']
          .map(function (h) { return el('th', {text: h}); }))]);
      data.corrections.forEach(function (c) {
        table.appendChild(el('tr', {}, [el('td', {text: String(c.iteration)}), el('td', {text: String(c.slot)}),
          el('td', {text: c.task}), el('td', {text: String(c.step + 1)}), el('td', {}, [verdictSpan(c.verdict)]),
          el('td', {text: c.note || ''}), el('td', {text: c.time})]));
      });
      list.appendChild(table);
    }).catch(function (e) { say(e.message, true); });
  }

  show('overview');
})();
