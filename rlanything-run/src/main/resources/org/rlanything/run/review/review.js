// rlanything review: the page's script. Builds every element with textContent (the runs' texts are never
// parsed as HTML), sends every API call with the session token, and records on <body> what it did
// (data-overview, data-trajectories, data-corrections, data-errors) so a headless browser can check it.
(function () {
  'use strict';
  var errors = [];
  window.addEventListener('error', function (e) { errors.push(String(e.message)); note(); });
  function note() { document.body.setAttribute('data-errors', JSON.stringify(errors)); }
  note();

  // The token: from the printed address (?token=...), kept for this address (localStorage: a reload, a
  // new tab or a restarted browser keep it), then taken off the address bar.
  var TOKEN_KEY = 'rlanything-review-token';
  var params = new URLSearchParams(window.location.search);
  if (params.get('token')) {
    localStorage.setItem(TOKEN_KEY, params.get('token'));
    history.replaceState(null, '', window.location.pathname + window.location.hash);
  }
  var token = localStorage.getItem(TOKEN_KEY) || '';
  var tokenState = document.getElementById('token-state');
  tokenState.textContent = token ? 'token present' : 'no token: open the address the command printed (it carries the token)';
  tokenState.className = token ? '' : 'missing';

  // What the person chose, kept for this tab across reloads: filters, open texts, the page.
  var STATE_KEY = 'rlanything-review-state';
  var saved = {};
  try { saved = JSON.parse(sessionStorage.getItem(STATE_KEY) || '{}'); } catch (e) { saved = {}; }
  var openTexts = new Set(saved.open || []);
  function remember() {
    saved.open = Array.from(openTexts);
    sessionStorage.setItem(STATE_KEY, JSON.stringify(saved));
  }

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') { e.textContent = attrs[k]; } else if (k === 'class') { e.className = attrs[k]; }
      else { e.setAttribute(k, attrs[k]); }
    });
    (children || []).forEach(function (c) { if (c) { e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); } });
    return e;
  }

  function say(text, isError) {
    var m = document.getElementById('message');
    m.textContent = text;
    m.className = isError ? 'error' : '';
    if (isError) { errors.push(text); note(); }
  }

  function answer(r) {
    return r.json().then(function (body) {
      if (!r.ok) { throw new Error(body.error || ('HTTP ' + r.status)); }
      return body;
    });
  }
  function get(url) {
    return fetch(url, {headers: {'Accept': 'application/json', 'X-Review-Token': token}}).then(answer);
  }
  function post(url, body) {
    return fetch(url, {method: 'POST', body: JSON.stringify(body),
        headers: {'Content-Type': 'application/json', 'X-Review-Token': token}}).then(answer);
  }

  var runs = [];
  function runName(id) { return runs.length > id ? runs[id].name : String(id); }
  function swatch(id) {
    var s = el('span', {'class': 'swatch'});
    s.style.background = RLCharts.color(id);
    return s;
  }

  // ---- pages
  var pages = ['overview', 'trajectories', 'corrections'];
  function show(page) {
    saved.page = page;
    remember();
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
  var charts = [];
  function overlaid() { return saved.overlaid || null; }
  function loadOverview() {
    var q = overlaid() ? '?runs=' + overlaid().join(',') : '';
    get('/api/overview' + q).then(function (data) {
      runs = data.runs;
      document.getElementById('run-name').textContent = data.run;
      runPicker(data);
      configButtons();
      // the table is made by the server from numbers, run names and fixed words, each escaped
      document.getElementById('overview-table').innerHTML = data.html;
      charts.forEach(function (c) { c.destroy(); });
      charts = [];
      var grid = document.getElementById('overview-charts');
      grid.textContent = '';
      var points = 0, baselines = {}, series = {};
      data.charts.forEach(function (spec) {
        var canvas = el('canvas', {id: 'chart-' + spec.id});
        var notes = (spec.baselines || []).map(function (b) { return b.label; });
        var figure = el('figure', {'data-chart': spec.id}, [el('figcaption', {text: spec.title}),
          el('div', {'class': 'box'}, [canvas]),
          notes.length ? el('p', {'class': 'baselines', text: 'dashed: ' + notes.join('; ')}) : null]);
        grid.appendChild(figure);
        var count = 0;
        spec.series.forEach(function (s) { s.data.forEach(function (p) { if (p.y !== null) { count++; } }); });
        points += count;
        series[spec.id] = spec.series.map(function (s) { return s.label; });
        if (count === 0) { canvas.parentNode.textContent = 'No data for this chart yet.'; return; }
        var chart = RLCharts.draw(canvas, spec);
        charts.push(chart);
        baselines[spec.id] = RLCharts.baselinePixels(canvas, chart);
      });
      document.body.setAttribute('data-overview', JSON.stringify({charts: charts.length, points: points,
        runs: runs.length, series: series, baselines: baselines}));
    }).catch(function (e) {
      // runs picked for another server on this address: forget them and ask again
      if (overlaid()) { saved.overlaid = null; remember(); loadOverview(); return; }
      say(e.message, true);
    });
  }
  document.getElementById('reload-overview').addEventListener('click', loadOverview);

  function runPicker(data) {
    var picker = document.getElementById('run-picker');
    picker.textContent = '';
    if (runs.length < 2) { return; }
    picker.appendChild(el('span', {'class': 'hint', text: 'Curves of (at most 5 at a time): '}));
    runs.forEach(function (r) {
      var box = el('input', {type: 'checkbox', value: String(r.id), 'class': 'overlay-run'});
      box.checked = data.overlaid.indexOf(r.id) >= 0;
      box.addEventListener('change', function () {
        var chosen = Array.prototype.slice.call(picker.querySelectorAll('input:checked'))
          .map(function (b) { return Number(b.value); });
        if (chosen.length > 5) { box.checked = false; say('At most 5 runs at a time in one chart.', false); return; }
        saved.overlaid = chosen;
        remember();
        loadOverview();
      });
      picker.appendChild(el('label', {}, [box, swatch(r.id), r.name]));
    });
  }

  function configButtons() {
    var box = document.getElementById('configs');
    if (box.getAttribute('data-runs') === String(runs.length)) { return; }
    box.setAttribute('data-runs', String(runs.length));
    box.textContent = '';
    var pre = el('pre', {id: 'config-text', hidden: 'hidden'});
    runs.forEach(function (r) {
      var b = el('button', {type: 'button', 'class': 'show-config', 'data-run': String(r.id),
        text: runs.length === 1 ? 'config.yaml' : 'config of ' + r.name});
      b.addEventListener('click', function () {
        if (!pre.hidden && pre.getAttribute('data-run') === String(r.id)) { pre.hidden = true; return; }
        get('/api/config?run=' + r.id).then(function (c) {
          pre.textContent = '# ' + c.file + '\n' + c.text;
          pre.setAttribute('data-run', String(r.id));
          pre.hidden = false;
        }).catch(function (e) { say(e.message, true); });
      });
      box.appendChild(b);
    });
    box.appendChild(pre);
  }

  // ---- trajectories
  var FILTERS = ['run', 'iteration', 'task', 'outcome', 'role', 'mark', 'sort'];
  var filters = saved.filters || {};
  var target = null; // a step to scroll to once shown (from the corrections page)
  function setFilter(k, v) { filters[k] = v; saved.filters = filters; remember(); }
  FILTERS.forEach(function (k) {
    var input = document.getElementById('f-' + k);
    if (k !== 'run' && k !== 'iteration' && k !== 'role' && filters[k]) { input.value = filters[k]; }
    var wait = null;
    input.addEventListener(k === 'task' ? 'input' : 'change', function () {
      setFilter(k, input.value);
      clearTimeout(wait);
      wait = setTimeout(loadTrajectories, k === 'task' ? 300 : 0);
    });
  });
  var only = document.getElementById('f-only');
  only.checked = !!saved.only;
  only.addEventListener('change', function () {
    saved.only = only.checked;
    remember();
    document.getElementById('trajectory-list').className = only.checked ? 'only' : '';
  });
  document.getElementById('filters').addEventListener('submit', function (e) { e.preventDefault(); loadTrajectories(); });

  function ensureRuns() {
    return runs.length ? Promise.resolve() : get('/api/runs').then(function (d) { runs = d.runs; });
  }

  var asked = 0; // the latest request: an older answer arriving late is dropped
  function loadTrajectories() {
    var mine = ++asked;
    ensureRuns().then(function () {
      var runSelect = document.getElementById('f-run');
      document.getElementById('run-filter').hidden = runs.length < 2;
      if (runs.length > 1) {
        fillSelect('f-run', runs.map(function (r) { return [String(r.id), r.name]; }).concat([['all', 'all runs']]),
          filters.run || '0', false);
      }
      var q = new URLSearchParams();
      FILTERS.forEach(function (k) {
        var v = k === 'run' ? (runs.length > 1 ? runSelect.value : '') : filters[k];
        if (v) { q.set(k, v); }
      });
      return get('/api/trajectories?' + q.toString());
    }).then(function (data) {
      if (!data || mine !== asked) { return; }
      // the iteration shown stays until the person picks another, however far a live run goes on
      if (!filters.iteration && data.iteration !== undefined) { setFilter('iteration', String(data.iteration)); }
      fillSelect('f-iteration', data.iterations.map(function (i) { return [String(i), String(i)]; })
        .concat([['all', 'all']]), data.iteration, false);
      fillSelect('f-role', data.roles.map(function (r) { return [r, r]; }), filters.role || '', true);
      counts(data);
      var list = document.getElementById('trajectory-list');
      list.className = only.checked ? 'only' : '';
      var keep = window.scrollY;
      list.textContent = '';
      if (data.trajectories.length === 0) {
        list.appendChild(el('p', {text: data.iterations.length === 0
          ? 'No saved trajectories yet (trainer.saved_trajectories: 0, or no iteration has ended).'
          : 'No saved trajectory passes the filters.'}));
      }
      var steps = 0, marked = [];
      data.trajectories.forEach(function (t) {
        steps += t.steps.length;
        t.steps.forEach(function (s) { if (s.match) { marked.push(rowId(t, s)); } });
        list.appendChild(trajectory(t));
      });
      if (data.left_out > 0) {
        list.appendChild(el('p', {'class': 'hint', text: data.left_out + ' more trajectories pass the filters; narrow them to see those.'}));
      }
      document.body.setAttribute('data-trajectories', JSON.stringify({shown: data.trajectories.length,
        steps: steps, matching: data.matching, marked: marked}));
      if (target && document.getElementById(target)) {
        var row = document.getElementById(target);
        row.className += ' target';
        row.scrollIntoView({block: 'center'});
        target = null;
      } else {
        window.scrollTo(0, keep);
      }
    }).catch(function (e) {
      // a run or iteration kept from another server on this address: forget them and ask again
      if (mine === asked && (filters.run || filters.iteration) && !retried) {
        retried = true;
        setFilter('run', '');
        setFilter('iteration', '');
        loadTrajectories();
        return;
      }
      say(e.message, true);
    });
  }
  var retried = false;

  function counts(data) {
    var box = document.getElementById('mark-counts');
    box.textContent = '';
    var mark = filters.mark || 'label';
    var names = {label: 'Judge against the label', split: 'Verdicts split', against: 'Against the outcome',
      risk: 'All -1', corrected: 'Corrected'};
    box.appendChild(document.createTextNode(names[mark] + ', saved steps per iteration: '));
    Object.keys(data.counts).forEach(function (it) {
      var c = data.counts[it];
      var a = el('a', {'data-iteration': it, title: 'show iteration ' + it,
        'class': String(data.iteration) === it ? 'current' : '', text: it + ': ' + c[mark] + '/' + c.steps});
      a.addEventListener('click', function () { setFilter('iteration', it); loadTrajectories(); });
      box.appendChild(a);
    });
  }

  function fillSelect(id, values, selected, any) {
    var s = document.getElementById(id);
    s.textContent = '';
    if (any) { s.appendChild(el('option', {value: '', text: 'any'})); }
    values.forEach(function (v) {
      var o = el('option', {value: v[0], text: v[1]});
      if (v[0] === String(selected)) { o.selected = true; }
      s.appendChild(o);
    });
  }

  function verdictSpan(v, text) {
    return el('span', {'class': 'v' + v, title: text || '', text: v === 0 ? '?' : (v > 0 ? '+1' : '-1')});
  }

  function rowId(t, s) { return 'step-' + t.run + '-' + t.iteration + '-' + t.slot + '-' + s.index; }

  function trajectory(t) {
    var acc = t.accuracy === undefined ? '' : ', task accuracy ' + Number(t.accuracy).toFixed(3);
    var head = el('h3', {}, [runs.length > 1 ? swatch(t.run) : null,
      (runs.length > 1 ? t.run_name + ' \u2014 ' : '') + 'iteration ' + t.iteration + ', slot ' + t.slot + ' \u2014 '
        + t.task + ': ' + t.description + ' \u2014 ' + (t.won ? 'won' : 'failed') + ' in ' + t.steps.length
        + ' step' + (t.steps.length === 1 ? '' : 's') + acc + ' (' + t.role + ')']);
    var table = el('table', {'class': 'steps'}, [el('tr', {}, ['#', 'observation', 'action', 'result', 'label',
        'verdicts and texts', 'reward', 'correct'].map(function (h) { return el('th', {text: h}); }))]);
    t.steps.forEach(function (s) { table.appendChild(stepRow(t, s)); });
    return el('section', {'class': 'trajectory', 'data-run': t.run, 'data-iteration': t.iteration,
      'data-slot': t.slot, 'data-task': t.task}, [head, table]);
  }

  function stepRow(t, s) {
    var id = rowId(t, s);
    var verdicts = el('td', {});
    (s.verdicts || []).forEach(function (v, i) {
      verdicts.appendChild(verdictSpan(v, (s.judgments || [])[i]));
      verdicts.appendChild(document.createTextNode(' '));
    });
    if (s.confidence > 0) { verdicts.appendChild(el('span', {'class': 'conf', text: 'conf. ' + Number(s.confidence).toFixed(2)})); }
    [['against_label', 'label'], ['split', 'split'], ['against', 'against'], ['risk', 'risk']].forEach(function (m) {
      if (s[m[0]]) { verdicts.appendChild(el('span', {'class': 'mark ' + m[1], text: m[1]})); }
    });
    if ((s.judgments || []).length > 0) {
      var details = el('details', {}, [el('summary', {text: 'texts'}),
        el('ol', {}, s.judgments.map(function (j) { return el('li', {text: j}); }))]);
      if (openTexts.has(id)) { details.open = true; }
      details.addEventListener('toggle', function () {
        if (details.open) { openTexts.add(id); } else { openTexts.delete(id); }
        remember();
      });
      verdicts.appendChild(details);
    }
    var correctCell = el('td', {'class': 'correct'});
    if (s.correction) {
      correctCell.appendChild(el('div', {'class': 'person'}, ['person: ', verdictSpan(s.correction.verdict),
        s.correction.note ? ' ' + s.correction.note : '']));
    }
    var noteInput = el('input', {type: 'text', placeholder: 'note (optional)', 'class': 'note', maxlength: '2000'});
    var plus = el('button', {type: 'button', 'class': 'set-plus', text: '+1'});
    var minus = el('button', {type: 'button', 'class': 'set-minus', text: '-1'});
    var undo = s.correction ? el('button', {type: 'button', 'class': 'undo', text: 'undo'}) : null;
    [plus, minus, undo].forEach(function (b) {
      if (b && !token) { b.disabled = true; b.title = 'needs the token: open the address the command printed'; }
      if (b) { correctCell.appendChild(b); }
    });
    correctCell.appendChild(noteInput);
    var key = {run: t.run, iteration: t.iteration, slot: t.slot, task: t.task, step: s.index};
    function send(body, done) {
      post('/api/corrections', Object.assign({}, key, body)).then(function () {
        say(done);
        loadTrajectories();
      }).catch(function (e) { say(e.message, true); });
    }
    plus.addEventListener('click', function () { send({verdict: 1, note: noteInput.value}, 'Step ' + (s.index + 1) + ' set to +1.'); });
    minus.addEventListener('click', function () { send({verdict: -1, note: noteInput.value}, 'Step ' + (s.index + 1) + ' set to -1.'); });
    if (undo) { undo.addEventListener('click', function () { send({undo: true}, 'Step ' + (s.index + 1) + ': correction undone.'); }); }
    var cls = (s.match === false ? 'dim ' : '') + (s.correction ? 'corrected' : '');
    return el('tr', {id: id, 'class': cls.trim()}, [
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
    ensureRuns().then(function () { return get('/api/corrections?run=all'); }).then(function (data) {
      document.getElementById('corrections-file').textContent = data.files.join(', ');
      var list = document.getElementById('correction-list');
      list.textContent = '';
      document.body.setAttribute('data-corrections', JSON.stringify({count: data.corrections.length}));
      if (data.corrections.length === 0) { list.appendChild(el('p', {text: 'No corrections yet.'})); return; }
      var heads = (runs.length > 1 ? ['run'] : []).concat(['iteration', 'slot', 'task', 'step', 'verdict', 'note',
        'stands', 'time']);
      var table = el('table', {'class': 'corrections'}, [el('tr', {}, heads.map(function (h) { return el('th', {text: h}); }))]);
      data.corrections.forEach(function (c) {
        var link = el('a', {href: '#', 'class': 'to-step', text: 'step ' + (c.step + 1)});
        link.addEventListener('click', function (e) {
          e.preventDefault();
          ['task', 'outcome', 'role', 'mark', 'sort'].forEach(function (k) {
            setFilter(k, '');
            document.getElementById('f-' + k).value = '';
          });
          setFilter('run', String(c.run));
          setFilter('iteration', String(c.iteration));
          target = 'step-' + c.run + '-' + c.iteration + '-' + c.slot + '-' + c.step;
          show('trajectories');
        });
        var standing = c.standing === 'in_force' ? 'in force' : c.reason;
        var cells = (runs.length > 1 ? [el('td', {}, [swatch(c.run), c.run_name])] : []).concat([
          el('td', {text: String(c.iteration)}), el('td', {text: String(c.slot)}), el('td', {text: c.task}),
          el('td', {}, [link]), el('td', {}, [verdictSpan(c.verdict)]), el('td', {text: c.note || ''}),
          el('td', {'class': 'standing-' + c.standing, text: standing}), el('td', {text: c.time})]);
        table.appendChild(el('tr', {'data-standing': c.standing}, cells));
      });
      list.appendChild(table);
    }).catch(function (e) { say(e.message, true); });
  }

  if (!token) { say('No token: open the address rlanything review printed (it carries the token).', true); }
  show(saved.page && pages.indexOf(saved.page) >= 0 ? saved.page : 'overview');
})();
