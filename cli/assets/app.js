// The page's "Try it" widget, the sweep chart and the audit table, drawn from the server's
// JSON API (the documents `nullmove ... --json` prints). No framework, no build step.
'use strict';

const $ = (id) => document.getElementById(id);

// ---- talking to the server ------------------------------------------------------------

/** GET a JSON document; a refusal throws the server's one-line reason. */
async function getJson(path, params) {
  const url = params ? `${path}?${params}` : path;
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const reason = body && body.error ? body.error : `HTTP ${response.status}`;
    throw new Error(reason);
  }
  return body;
}

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children) {
    node.append(child);
  }
  return node;
}

// ---- views ------------------------------------------------------------------------------

const loaders = { sweep: loadSweep, audit: loadAudit, api: loadApi };
const loaded = new Set();

function showView() {
  const name = (location.hash || '#try').slice(1);
  const view = $(`view-${name}`) ? name : 'try';
  for (const section of document.querySelectorAll('.view')) {
    section.hidden = section.id !== `view-${view}`;
  }
  for (const link of document.querySelectorAll('nav a')) {
    link.classList.toggle('current', link.dataset.view === view);
    if (link.dataset.view === view) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  if (loaders[view] && !loaded.has(view)) {
    loaded.add(view);
    loaders[view]();
  }
}

// ---- Try it: the board and the controls -------------------------------------------------

const PITFALL = '...O.X...';
const EMPTY = '.........';

/** Fills each `data-range="lo..hi"` menu with its numbers, after any option the page writes
 * itself (the minimum empty cells: 0, then 2 to 9, as the command line refuses 1). */
function fillRanges() {
  for (const select of document.querySelectorAll('select[data-range]')) {
    const [lo, hi] = select.dataset.range.split('..').map(Number);
    for (let v = lo; v <= hi; v++) {
      select.append(el('option', { value: String(v), textContent: String(v) }));
    }
    select.value = select.dataset.value;
  }
}

function drawBoard() {
  const board = $('board');
  for (let cell = 0; cell < 9; cell++) {
    const button = el('button', { type: 'button', className: 'cell' });
    button.dataset.cell = String(cell);
    button.addEventListener('click', () => {
      const cells = notation().split('');
      cells[cell] = { '.': 'X', X: 'O', O: '.' }[cells[cell]] || '.';
      setBoard(cells.join(''));
    });
    board.append(button);
  }
  syncBoard();
}

/** The board as typed, upper-cased; the server says what is wrong with it, if anything. */
function notation() {
  return $('notation').value.toUpperCase();
}

function setBoard(text) {
  $('notation').value = text;
  syncBoard();
  reset();
}

function syncBoard() {
  const text = notation();
  for (const button of $('board').children) {
    const cell = Number(button.dataset.cell);
    const mark = text[cell] === 'X' || text[cell] === 'O' ? text[cell] : '';
    button.textContent = mark;
    button.classList.remove('chosen', 'best');
    button.setAttribute('aria-label', `cell ${cell}: ${mark || 'empty'}`);
  }
}

/** The search's parameters as the API's query: the command's flags without dashes. */
function searchParams() {
  const p = new URLSearchParams();
  p.set('board', notation());
  // Plain alpha-beta makes no probe, so R and the guards would change nothing: the command
  // line refuses them there, and so the page leaves them out.
  const nullMove = $('mode').value === 'null';
  p.set('depth', $('depth').value);
  if (nullMove) p.set('reduction', $('reduction').value);
  p.set('mode', $('mode').value);
  p.set('engine', $('engine').value);
  if (nullMove && $('engine').value === 'optimized') {
    if ($('min-probe-depth').value !== '0') p.set('min-probe-depth', $('min-probe-depth').value);
    if ($('threat-guard').checked) p.set('threat-guard', 'true');
    if ($('min-empty').value !== '0') p.set('min-empty', $('min-empty').value);
    // Adaptive and growing R exclude each other: one choice, one flag.
    if ($('r-rule').value !== 'fixed') p.set($('r-rule').value, 'true');
    if ($('eval-gate').checked) p.set('eval-gate', 'true');
    if ($('zero-window').checked) p.set('zero-window', 'true');
    if ($('eval-r').value !== '0') p.set('eval-r', $('eval-r').value);
    if ($('non-pv').checked) p.set('non-pv', 'true');
    if ($('verify').value !== 'none') p.set('verify', $('verify').value);
  }
  return p;
}

/**
 * Why the command line would refuse an option of the guard menus at this depth limit and R
 * (it refuses a guard that would change nothing), or '' when it takes it: adaptive R needs
 * an R to reduce, the growing R three plies left below the root, Stockfish's verification
 * V plies left at a node that probes.
 */
function refusal(value, depth, r) {
  if (value === 'adaptive-r' && r === 0) return 'needs R 1 or more';
  if (value === 'depth-r' && depth < 4) return 'needs a depth limit of 4 or more';
  const v = /^stockfish:(\d+)$/.exec(value);
  if (v && Number(v[1]) >= depth) return `needs a depth limit of ${Number(v[1]) + 1} or more`;
  return '';
}

/**
 * Offers only what the command line accepts: an option it would refuse is greyed out with
 * the reason, and a choice the new depth limit or R rules out falls back to off, saying so.
 */
function offerAccepted() {
  const depth = Number($('depth').value);
  const r = Number($('reduction').value);
  const undone = [];
  for (const select of [$('r-rule'), $('verify')]) {
    for (const option of select.options) {
      option.dataset.label ??= option.textContent;
      const why = refusal(option.value, depth, r);
      option.disabled = why !== '';
      option.textContent = why ? `${option.dataset.label} (${why})` : option.dataset.label;
    }
    if (select.selectedOptions[0].disabled) {
      const chosen = select.selectedOptions[0];
      select.value = select.options[0].value;
      undone.push(`${chosen.dataset.label} ${refusal(chosen.value, depth, r)}: ` +
        `set back to ${select.options[0].dataset.label}.`);
    }
  }
  $('guard-note').textContent = undone.join(' ');
  $('guard-note').hidden = undone.length === 0;
}

function showCommand() {
  offerAccepted();
  const flags = [];
  for (const [name, value] of searchParams()) {
    flags.push(value === 'true' ? `--${name}` : `--${name} ${value}`);
  }
  $('command').textContent = `nullmove trace ${flags.join(' ')}`;
  const nullMove = $('mode').value === 'null';
  $('guards').disabled = !nullMove || $('engine').value !== 'optimized';
  $('reduction').disabled = !nullMove;
}

// ---- Try it: Step, Run, Reset -----------------------------------------------------------

let trace = null; // { events, text, search } once fetched for the current settings
let shown = 0; // events shown so far (the root report counts as one)
let fetching = null;
let generation = 0; // bumped by every reset, so a stale answer is dropped

function reset() {
  generation++;
  fetching = null;
  trace = null;
  shown = 0;
  $('log').replaceChildren();
  $('result').hidden = true;
  $('board-legend').hidden = true;
  $('error').hidden = true;
  $('status').textContent = 'Press Step or Run.';
  $('step').disabled = false;
  $('run').disabled = false;
  syncBoard();
  showCommand();
}

/** Fetches the trace and the search report of the current settings, once. */
async function ensureTrace() {
  if (trace) return true;
  if (!fetching) {
    const params = searchParams();
    const asked = generation;
    $('status').textContent = 'Searching…';
    fetching = Promise.all([getJson('/api/trace', params), getJson('/api/search', params)])
      .then(([t, search]) => {
        if (asked !== generation) return false;
        trace = { events: t.events, text: t.text, search };
        $('log').replaceChildren(line(trace.text[0], 'header', 0));
        return true;
      })
      .catch((e) => {
        if (asked !== generation) return false;
        $('error').textContent = `The server refused: ${e.message}`;
        $('error').hidden = false;
        $('status').textContent = 'Nothing searched.';
        return false;
      })
      .finally(() => {
        if (asked === generation) fetching = null;
      });
  }
  return fetching;
}

/** One log line: the text's indentation as padding, a wrapped rest hanging under it. */
function line(text, kind, depth) {
  const body = text.trimStart();
  const indent = text.length - body.length;
  const node = el('div', { className: `line ${kind}`, textContent: body });
  node.style.paddingLeft = `calc(${indent + 2}ch + 0.6rem)`;
  node.style.textIndent = '-2ch';
  node.dataset.event = kind;
  node.dataset.depth = String(depth);
  return node;
}

/** The number of search events before the root report. */
function eventCount() {
  return trace.events.length - 1;
}

/** Appends the next `count` events' lines (and, at the end, the report). */
function reveal(count) {
  const log = $('log');
  const lines = document.createDocumentFragment();
  let last = null;
  while (count > 0 && shown < eventCount()) {
    const event = trace.events[shown];
    last = line(trace.text[1 + shown], event.event, event.depth ?? 0);
    lines.append(last);
    shown++;
    count--;
  }
  if (count > 0 && shown === eventCount()) {
    for (const text of trace.text.slice(1 + eventCount())) {
      last = line(text, text.startsWith('the chosen move') ? 'worse' : 'report', 0);
      lines.append(last);
    }
    shown++;
  }
  log.append(lines);
  if (last) last.scrollIntoView({ block: 'nearest' });
  const done = shown > eventCount();
  $('step').disabled = done;
  $('run').disabled = done;
  $('status').textContent = done
    ? `Done: ${eventCount()} events.`
    : `Event ${shown} of ${eventCount()}.`;
  if (done) showResult();
}

async function step() {
  if (await ensureTrace()) reveal(1);
}

async function run() {
  if (await ensureTrace()) reveal(Infinity);
}

/** The root report beside the oracle's exact values, and a plain warning for a worse move. */
function showResult() {
  const s = trace.search;
  const exactOf = (cell) => (s.moves.find((m) => m.cell === cell) || {}).exact;
  const best = s.best_move === null ? 'no move' : `move ${s.best_move}`;
  $('verdict').textContent =
    `${s.side_to_move} to move. Best move ${s.best_move ?? 'none'}, value ${s.value}, ` +
    `${s.nodes} nodes (null probes ${s.stats.null_probes}, null cutoffs ` +
    `${s.stats.null_cutoffs}). The oracle: best move ${s.exact_best_move ?? 'none'}, ` +
    `exact value ${s.exact_value}.`;
  const chosenExact = s.best_move === null ? s.exact_value : exactOf(s.best_move);
  const warning = $('warning');
  warning.hidden = chosenExact === s.exact_value;
  warning.textContent = warning.hidden
    ? ''
    : `Warning: the search chose ${best}, worth ${chosenExact} exactly: worse for ` +
      `${s.side_to_move} than the oracle's move ${s.exact_best_move}, worth ${s.exact_value}.`;
  const rows = s.moves.map((m) => {
    const notes = [];
    if (m.cell === s.best_move) notes.push('chosen');
    if (m.value !== m.exact) notes.push('a bound, not the exact value');
    if (m.cell === s.exact_best_move) notes.push("the oracle's best");
    const row = el('tr', {},
      el('td', { textContent: String(m.cell) }),
      el('td', { textContent: String(m.value) }),
      el('td', { textContent: String(m.exact) }),
      el('td', { textContent: notes.join(', ') }));
    if (m.cell === s.best_move) row.className = 'chosen';
    return row;
  });
  $('moves').tBodies[0].replaceChildren(...rows);
  for (const button of $('board').children) {
    const cell = Number(button.dataset.cell);
    button.classList.toggle('chosen', cell === s.best_move);
    button.classList.toggle('best', cell === s.exact_best_move);
  }
  $('result').hidden = false;
  $('board-legend').hidden = false;
}

function wireTryIt() {
  fillRanges();
  drawBoard();
  $('notation').addEventListener('input', () => {
    syncBoard();
    reset();
  });
  $('load-empty').addEventListener('click', () => setBoard(EMPTY));
  $('load-pitfall').addEventListener('click', () => setBoard(PITFALL));
  $('controls').addEventListener('change', reset);
  $('controls').addEventListener('submit', (e) => e.preventDefault());
  $('step').addEventListener('click', step);
  $('run').addEventListener('click', run);
  $('reset').addEventListener('click', reset);
  reset();
}

// ---- Sweep --------------------------------------------------------------------------------

async function loadSweep() {
  const positions = $('positions').value;
  const params = new URLSearchParams({ positions });
  $('sweep-error').hidden = true;
  $('sweep-status').textContent = positions === 'all'
    ? 'Sweeping every position (a few seconds the first time; kept afterwards)…'
    : 'Sweeping…';
  try {
    const sweep = await getJson('/api/sweep', params);
    if ($('positions').value !== positions) return; // the choice changed meanwhile
    const chart = $('sweep-chart');
    chart.src = `/api/sweep.svg?${params}`;
    chart.alt = positions === 'all'
      ? 'Null-move nodes over plain nodes and the worse-move rate against R, one line per depth limit, over all positions'
      : 'Null-move nodes over plain nodes against R, one line per depth limit, on the empty board';
    chart.hidden = false;
    const percent = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
    const count = new Intl.NumberFormat('en');
    const rows = sweep.rows.map((r) => el('tr', {},
      ...[r.depth, r.reduction, count.format(r.positions), count.format(r.nodes_plain),
        count.format(r.nodes_null), `${percent.format(r.savings_percent)}%`,
        count.format(r.value_changed), count.format(r.worse_move)]
        .map((v) => el('td', { textContent: String(v) }))));
    $('sweep-table').tBodies[0].replaceChildren(...rows);
    $('sweep-table').hidden = false;
    $('sweep-status').textContent = `${sweep.rows.length} rows.`;
  } catch (e) {
    $('sweep-error').textContent = `The server refused: ${e.message}`;
    $('sweep-error').hidden = false;
    $('sweep-status').textContent = '';
  }
}

// ---- Audit --------------------------------------------------------------------------------

/** A claim's replay commands, as the audit gives them (one string, or a list). */
function replayOf(claim) {
  const r = claim.replay;
  if (r === undefined || r === null) return [];
  return Array.isArray(r) ? r.map(String) : [String(r)];
}

async function loadAudit() {
  $('audit-status').textContent = 'Checking every claim (about ten seconds the first time)…';
  try {
    const audit = await getJson('/api/audit');
    const claims = audit.claims || [];
    const hasSource = claims.some((c) => c.source !== undefined);
    const columns = ['section', ...(hasSource ? ['source'] : []), 'claim', 'published',
      'reproduced', 'status', 'replay'];
    $('audit-table').tHead.rows[0].replaceChildren(
      ...columns.map((c) => el('th', { scope: 'col', textContent: c })));
    const rows = claims.map((c) => {
      const replay = replayOf(c);
      const cells = {
        section: el('td', { textContent: c.section }),
        source: el('td', { textContent: c.source ?? '' }),
        claim: el('td', { textContent: c.statement }),
        published: el('td', { textContent: c.published }),
        reproduced: el('td', { textContent: c.reproduced }),
        status: el('td', {}, el('span', { className: `status ${c.status}`, textContent: c.status })),
        replay: el('td', {}, ...(replay.length
          ? replay.map((cmd) => el('code', { className: 'replay', textContent: cmd }))
          : [el('span', { className: 'help', textContent: '—' })])),
      };
      const row = el('tr', {}, ...columns.map((k) => cells[k]));
      row.id = `claim-${c.id}`;
      return row;
    });
    $('audit-table').tBodies[0].replaceChildren(...rows);
    $('audit-table').hidden = false;
    const tally = {};
    for (const c of claims) tally[c.status] = (tally[c.status] || 0) + 1;
    $('audit-status').textContent = `${claims.length} claims: ` +
      Object.entries(tally).map(([status, n]) => `${n} ${status}`).join(', ') + '.';
  } catch (e) {
    $('audit-error').textContent = `The server refused: ${e.message}`;
    $('audit-error').hidden = false;
    $('audit-status').textContent = '';
  }
}

// ---- API ----------------------------------------------------------------------------------

const EXAMPLES = {
  '/api/search': 'board=...O.X...&depth=3&reduction=1&mode=null',
  '/api/trace': 'board=...O.X...&depth=3&reduction=1&mode=null',
  '/api/sweep': 'positions=empty',
  '/api/sweep.svg': 'positions=empty',
  '/api/audit': '',
};

async function loadApi() {
  try {
    const index = await getJson('/api');
    $('api-routes').replaceChildren(...index.routes.map((r) => {
      const example = EXAMPLES[r.path] ? `${r.path}?${EXAMPLES[r.path]}` : r.path;
      return el('li', {},
        el('a', { href: example, textContent: example }),
        el('p', { textContent: `${r.answers}. Parameters: ${r.parameters.join(', ') || 'none'}.` }));
    }));
  } catch (e) {
    $('api-routes').replaceChildren(el('li', { className: 'error', textContent: e.message }));
  }
}

// ---- start ----------------------------------------------------------------------------------

wireTryIt();
$('positions').addEventListener('change', loadSweep);
window.addEventListener('hashchange', showView);
showView();
