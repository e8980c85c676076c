// The widget's settings: the form read as the API's query (the command's flags without
// dashes), the guard menus offering only what the command line accepts, and the same
// search as a command a shell runs as shown.

import { $, el } from './dom.js';

export const PITFALL = '...O.X...';
export const EMPTY = '.........';

/** Fills each `data-range="lo..hi"` menu with its numbers, after any option the page writes
 * itself (the minimum empty cells: 0, then 2 to 9, as the command line refuses 1). */
export function fillRanges() {
  for (const select of document.querySelectorAll('select[data-range]')) {
    const [lo, hi] = select.dataset.range.split('..').map(Number);
    for (let v = lo; v <= hi; v++) {
      select.append(el('option', { value: String(v), textContent: String(v) }));
    }
    select.value = select.dataset.value;
  }
}

/** The board as typed: the parser takes x and o in either case, and quotes it back as sent. */
export function notation() {
  return $('notation').value;
}

/** The search's parameters as the API's query: the command's flags without dashes. */
export function searchParams() {
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

/** Every guard back to off: the page's own search. */
export function guardsOff() {
  for (const select of $('guards').querySelectorAll('select')) {
    select.value = select.dataset.value ?? select.options[0].value;
  }
  for (const box of $('guards').querySelectorAll('input[type=checkbox]')) {
    box.checked = false;
  }
}

/** The pitfall's whole setting ("Pitfalls"): its board, null move, depth limit 3, R 1, no
 * guard. The engine stays as chosen: both give the page's search. */
export function loadPitfallSetting() {
  $('notation').value = PITFALL;
  $('mode').value = 'null';
  $('depth').value = '3';
  $('reduction').value = '1';
  guardsOff();
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

/** A word as a POSIX shell reads it back unchanged: bare when it holds nothing the shell
 * treats specially, else in single quotes (a quote inside written '\''). */
export function shellWord(word) {
  if (/^[A-Za-z0-9_.,:=+@%/-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, "'\\''")}'`;
}

/** Shows the command line of the current settings and greys out what it would refuse. */
export function showCommand() {
  offerAccepted();
  const words = ['nullmove', 'trace'];
  for (const [name, value] of searchParams()) {
    words.push(`--${name}`);
    if (value !== 'true') words.push(shellWord(value));
  }
  $('command').textContent = words.join(' ');
  const nullMove = $('mode').value === 'null';
  $('guards').disabled = !nullMove || $('engine').value !== 'optimized';
  $('reduction').disabled = !nullMove;
}

/** The words a form field goes by: its label's own text, not its options' or its input's. */
export function labelOf(parameter) {
  const field = $('controls').elements.namedItem(parameter);
  const label = field && field.labels && field.labels[0];
  if (!label) return null;
  const words = [...label.childNodes]
    .filter((n) => n.nodeType === Node.TEXT_NODE)
    .map((n) => n.textContent)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words || null;
}
