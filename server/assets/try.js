// The page's "Try it" widget: Step, Run and Reset through `nullmove trace`'s log, stepping
// to the next probe, the next prune or the end of the current call, the board following
// the events, and the root report beside the oracle's exact values.

import { $, capitalized, el, getJson, refusalText } from './dom.js';
import { makeBoard, markResult, positionsOf, showPosition, showTyped } from './board.js';
import {
  EMPTY, fillRanges, labelOf, loadPitfallSetting, notation, searchParams, showCommand,
} from './settings.js';

let trace = null; // { events, text, search, positions, levels } once fetched for the settings
let shown = 0; // events shown so far (the root report counts as one)
let fetching = null;
let generation = 0; // bumped by every reset, so a stale answer is dropped

/** The number of search events before the root report. */
function eventCount() {
  return trace.events.length - 1;
}

function reset() {
  generation++;
  fetching = null;
  trace = null;
  shown = 0;
  $('log').replaceChildren();
  $('result').hidden = true;
  $('board-legend').hidden = true;
  $('error').hidden = true;
  $('notation').removeAttribute('aria-invalid');
  $('status').textContent = 'Press Step or Run.';
  showTyped(notation());
  showCommand();
  offerSteps();
}

function showError(e) {
  $('error').textContent = refusalText(e, labelOf);
  $('error').hidden = false;
  if (e.parameter === 'board') $('notation').setAttribute('aria-invalid', 'true');
  $('status').textContent = 'Nothing searched.';
}

/** For each call, how many calls are open after each event (a return closes one). */
function levelsOf(events) {
  let open = 0;
  return events.map((e) => {
    if (e.event === 'call') open++;
    if (e.event === 'return') open--;
    return open;
  });
}

/** Fetches the trace, then the search report, of the current settings, once: one request
 * is refused at most, and a refusal asks for nothing more. */
async function ensureTrace() {
  if (trace) return true;
  if (!fetching) {
    const params = searchParams();
    const asked = generation;
    $('status').textContent = 'Searching…';
    fetching = (async () => {
      try {
        const t = await getJson('/api/trace', params);
        const search = await getJson('/api/search', params);
        if (asked !== generation) return false;
        const events = t.events.slice(0, -1);
        trace = {
          events: t.events, text: t.text, search,
          positions: positionsOf(params.get('board'), events), levels: levelsOf(events),
        };
        $('log').replaceChildren(line(trace.text[0], 'header', 0));
        return true;
      } catch (e) {
        if (asked === generation) showError(e);
        return false;
      } finally {
        if (asked === generation) fetching = null;
      }
    })();
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

/** Scrolls the log, and only the log, so that `node` is in view. */
function scrollWithin(log, node) {
  const top = node.offsetTop - log.offsetTop;
  if (top < log.scrollTop) log.scrollTop = top;
  else if (top + node.offsetHeight > log.scrollTop + log.clientHeight) {
    log.scrollTop = top + node.offsetHeight - log.clientHeight;
  }
}

/** Reveals the events up to index `last` (none when it is already shown); then the root
 * report: `always` once every event is shown (Run), `idle` only when no event was left to
 * show (Step), `never` (the other steps). */
function reveal(last, report) {
  const log = $('log');
  const lines = [];
  while (shown <= last && shown < eventCount()) {
    const event = trace.events[shown];
    lines.push(line(trace.text[1 + shown], event.event, event.depth ?? 0));
    shown++;
  }
  const idle = lines.length === 0;
  if (shown === eventCount() && (report === 'always' || (report === 'idle' && idle))) {
    for (const text of trace.text.slice(1 + eventCount())) {
      lines.push(line(text, text.startsWith('the chosen move') ? 'worse' : 'report', 0));
    }
    shown++;
  }
  for (const old of log.querySelectorAll('.line.current')) old.classList.remove('current');
  log.append(...lines);
  const newest = lines[lines.length - 1];
  if (newest) {
    newest.classList.add('current');
    scrollWithin(log, newest);
  }
  afterReveal();
}

/** The board, the status and the step buttons after the log grew. */
function afterReveal() {
  const done = shown > eventCount();
  $('status').textContent = done
    ? `Done: ${eventCount()} events.`
    : `Event ${shown} of ${eventCount()}.`;
  if (done) {
    showTyped(trace.search.board ?? notation());
    showResult();
  } else if (shown > 0) {
    showPosition(trace.positions[shown - 1], `Event ${shown}:`);
  }
  offerSteps();
}

/** The index of the next event, from the next one to show, that `test` accepts, or -1. */
function nextWhere(test) {
  for (let i = shown; i < eventCount(); i++) {
    if (test(trace.events[i], i)) return i;
  }
  return -1;
}

/** The return that ends the innermost call open now (the root's, before any event). */
function endOfCall() {
  const open = shown === 0 ? 1 : trace.levels[shown - 1];
  return nextWhere((e, i) => e.event === 'return' && trace.levels[i] === open - 1);
}

/** A button that stays focusable when it has nothing left to do, saying why. */
function offer(id, why) {
  const button = $(id);
  button.setAttribute('aria-disabled', String(Boolean(why)));
  button.title = why || '';
}

/** Greys out what has nothing left to do; before the trace is fetched, everything is open. */
function offerSteps() {
  if (!trace) {
    for (const id of ['step', 'run', 'to-probe', 'to-prune', 'to-return']) offer(id, '');
    return;
  }
  const done = shown > eventCount();
  const events = shown >= eventCount();
  offer('step', done ? 'the search is done: Reset to start again' : '');
  offer('run', done ? 'the search is done: Reset to start again' : '');
  offer('to-probe', nextWhere((e) => e.event === 'probe_start') < 0 ? 'no probe left in this search' : '');
  offer('to-prune', nextWhere((e) => e.event === 'prune') < 0 ? 'no prune left in this search' : '');
  offer('to-return', events ? 'every call has returned' : '');
}

/** Runs a step action once the trace is there, unless its button has nothing to do:
 * `target()` is the index of the last event it shows. */
function stepper(id, target, report) {
  return async () => {
    if ($(id).getAttribute('aria-disabled') === 'true') return;
    if (!(await ensureTrace())) return;
    // Only now is it known whether this search has, say, a probe at all.
    offerSteps();
    if ($(id).getAttribute('aria-disabled') === 'true') {
      $('status').textContent = `${capitalized($(id).title)}.`;
    } else {
      reveal(target(), report);
    }
  };
}

const STEPS = {
  step: stepper('step', () => shown, 'idle'),
  run: stepper('run', () => eventCount() - 1, 'always'),
  'to-probe': stepper('to-probe', () => nextWhere((e) => e.event === 'probe_start'), 'never'),
  'to-prune': stepper('to-prune', () => nextWhere((e) => e.event === 'prune'), 'never'),
  'to-return': stepper('to-return', endOfCall, 'never'),
};

/** The root report beside the oracle's exact values, a plain warning for a worse move,
 * and a finished game said as the command line says it. */
function showResult() {
  const s = trace.search;
  const over = s.leaf !== null && s.leaf !== undefined;
  $('verdict').textContent = over
    ? `${s.leaf}, no move to search: value ${s.value}, ${s.nodes} node${s.nodes === 1 ? '' : 's'}; ` +
      `the oracle's exact value ${s.exact_value}.`
    : verdict(s);
  const exactOf = (cell) => (s.moves.find((m) => m.cell === cell) || {}).exact;
  const chosenExact = s.best_move === null ? s.exact_value : exactOf(s.best_move);
  const warning = $('warning');
  warning.hidden = chosenExact === s.exact_value;
  warning.textContent = warning.hidden
    ? ''
    : `Warning: the search chose move ${s.best_move}, worth ${chosenExact} exactly: worse for ` +
      `${s.side_to_move} than the oracle's move ${s.exact_best_move}, worth ${s.exact_value}.`;
  $('moves').hidden = over;
  $('moves').tBodies[0].replaceChildren(...s.moves.map((m) => moveRow(s, m)));
  markResult(s.best_move, s.exact_best_move);
  $('result').hidden = false;
  $('board-legend').hidden = over;
}

function verdict(s) {
  const stats = s.stats;
  const probes = s.mode === 'null' && stats.null_probes === 0
    ? ' No null-move probe was made: at these settings the search is plain alpha-beta.'
    : '';
  return `${s.side_to_move} to move. Best move ${s.best_move ?? 'none'}, value ${s.value}, ` +
    `${s.nodes} nodes (null probes ${stats.null_probes}, null cutoffs ${stats.null_cutoffs}). ` +
    `The oracle: best move ${s.exact_best_move ?? 'none'}, exact value ${s.exact_value}.${probes}`;
}

function moveRow(s, m) {
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
}

/** Enter in the position field: the board as typed (x and o in capitals), checked by the
 * server at once; a character it refuses stays as typed, for the reason to quote. */
async function loadTyped() {
  $('notation').value = notation().replace(/[xo]/g, (c) => c.toUpperCase());
  reset();
  if (await ensureTrace()) {
    $('status').textContent = `Loaded: ${eventCount()} events. Press Step or Run.`;
  }
}

/** Keys for the step buttons, unless the reader is typing or choosing in a field. */
function onKey(e) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || $('view-try').hidden) return;
  if (e.target.closest && e.target.closest('input, select, textarea, [contenteditable]')) return;
  const id = { s: 'step', r: 'run', p: 'to-probe', u: 'to-prune', e: 'to-return' }[e.key.toLowerCase()];
  if (!id) return;
  e.preventDefault();
  STEPS[id]();
}

export function wireTryIt() {
  fillRanges();
  makeBoard((cell) => {
    const cells = notation().padEnd(9, '.').slice(0, 9).split('');
    cells[cell] = { '.': 'X', X: 'O', x: 'O', O: '.', o: '.' }[cells[cell]] || '.';
    $('notation').value = cells.join('');
    reset();
  });
  $('notation').addEventListener('input', reset);
  $('notation').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      loadTyped();
    }
  });
  $('load-empty').addEventListener('click', () => {
    $('notation').value = EMPTY;
    reset();
  });
  $('load-pitfall').addEventListener('click', () => {
    loadPitfallSetting();
    reset();
  });
  // The position field resets as it is typed in; a change event on leaving it would undo a
  // board Enter has just loaded.
  $('controls').addEventListener('change', (e) => {
    if (e.target !== $('notation')) reset();
  });
  $('controls').addEventListener('submit', (e) => e.preventDefault());
  for (const [id, action] of Object.entries(STEPS)) $(id).addEventListener('click', action);
  $('reset').addEventListener('click', reset);
  document.addEventListener('keydown', onKey);
  reset();
}
