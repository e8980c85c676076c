// The board: what the reader typed (a character the parser refuses is shown as typed and
// marked), and, while stepping, the position each trace event is about: the moves played
// since the root, the pass of a null-move probe as a marked state, the newest move ringed.
// Cells are numbered 0-8 row-major, as the log and the root-move table number them.

import { $, el } from './dom.js';

const OTHER = { X: 'O', O: 'X' };

/** The nine cells as typed: a mark, an empty cell, a character the parser refuses (shown
 * as typed), or a cell the text does not reach. */
export function typedCells(text) {
  const cells = [];
  for (let cell = 0; cell < 9; cell++) {
    const ch = text[cell];
    if (ch === undefined) cells.push({ mark: '', state: 'missing' });
    else if (ch === '.') cells.push({ mark: '', state: 'empty' });
    else if (/^[xo]$/i.test(ch)) cells.push({ mark: ch.toUpperCase(), state: 'mark' });
    else cells.push({ mark: ch, state: 'invalid' });
  }
  return cells;
}

/** Makes the nine cell buttons; `onCell(cell)` runs when one is clicked. */
export function makeBoard(onCell) {
  const board = $('board');
  for (let cell = 0; cell < 9; cell++) {
    const button = el('button', { type: 'button', className: 'cell' });
    button.dataset.cell = String(cell);
    button.addEventListener('click', () => onCell(cell));
    board.append(button);
  }
}

function describe(cell, mark, state) {
  if (state === 'invalid') return `cell ${cell}: "${mark}", not X, O or .`;
  if (state === 'missing') return `cell ${cell}: missing, the position has fewer than nine characters`;
  return `cell ${cell}: ${mark || 'empty'}`;
}

/** Draws the board as typed, for editing. */
export function showTyped(text) {
  const board = $('board');
  board.classList.remove('searching', 'in-probe', 'passing');
  typedCells(text).forEach(({ mark, state }, cell) => {
    const button = board.children[cell];
    button.textContent = mark;
    button.className = `cell ${state === 'invalid' || state === 'missing' ? state : ''}`.trim();
    button.setAttribute('aria-label', describe(cell, mark, state));
  });
  $('board-state').hidden = true;
}

/** The board's root position marked with the move the search chose and the oracle's. */
export function markResult(chosen, best) {
  for (const button of $('board').children) {
    const cell = Number(button.dataset.cell);
    button.classList.toggle('chosen', cell === chosen);
    button.classList.toggle('best', cell === best);
  }
}

/** A step of the line from the root: a move (`cell`) or a pass. */
function stepText(step) {
  return step.pass ? `${step.side} passes` : `${step.side} ${step.cell}`;
}

/**
 * The position each event is about, from the root `board` (nine valid characters) and the
 * trace's events: a call, a leaf, a return, a probe's resolution and a prune are about the
 * node they happen at; a move shows the position it makes; a probe's start shows the pass.
 */
export function positionsOf(board, events) {
  const root = {
    cells: board.toUpperCase().split(''),
    line: [],
    toMove: events.length && events[0].side ? events[0].side : null,
    depth: 0,
  };
  const open = []; // the calls in progress, innermost last
  let next = root; // the position the next call will search
  return events.map((event) => {
    const node = open.length ? open[open.length - 1] : root;
    switch (event.event) {
      case 'call': {
        const call = { ...next, toMove: event.side, depth: event.depth };
        open.push(call);
        return { ...call, latest: null };
      }
      case 'move': {
        const cells = node.cells.slice();
        cells[event.cell] = event.side;
        const step = { side: event.side, cell: event.cell };
        next = { cells, line: [...node.line, step], toMove: OTHER[event.side], depth: node.depth + 1 };
        return { ...next, latest: step };
      }
      case 'probe_start': {
        const step = { side: event.side, pass: true };
        next = { ...node, line: [...node.line, step], toMove: OTHER[event.side], depth: event.target_depth };
        return { ...next, latest: step };
      }
      case 'verify_start':
        // The same node searched again with real moves, at the verification's depth.
        next = { ...node, depth: event.target_depth };
        return { ...node, latest: null };
      case 'return':
        open.pop();
        return { ...node, latest: null };
      default:
        return { ...node, latest: null };
    }
  });
}

/** Draws the position an event is about, with `caption` (which event) above its line. */
export function showPosition(position, caption) {
  const board = $('board');
  const passed = position.line.some((s) => s.pass);
  const played = new Map(position.line.filter((s) => !s.pass).map((s, i) => [s.cell, i + 1]));
  board.classList.add('searching');
  board.classList.toggle('in-probe', passed);
  board.classList.toggle('passing', Boolean(position.latest && position.latest.pass));
  position.cells.forEach((mark, cell) => {
    const button = board.children[cell];
    const shown = mark === '.' ? '' : mark;
    button.textContent = shown;
    const classes = ['cell'];
    if (played.has(cell)) classes.push('played');
    if (position.latest && position.latest.cell === cell) classes.push('latest');
    button.className = classes.join(' ');
    const how = played.has(cell) ? `, played in the search (move ${played.get(cell)})` : '';
    button.setAttribute('aria-label', `cell ${cell}: ${shown || 'empty'}${how}`);
  });
  const line = position.line.length ? `after ${position.line.map(stepText).join(', ')}` : 'the root';
  const pass = position.latest && position.latest.pass
    ? ` · ${position.latest.side} passes: the board is unchanged and ${position.toMove} moves again`
    : passed ? ' · inside a null-move probe' : '';
  const toMove = position.toMove ? ` · ${position.toMove} to move` : '';
  const state = $('board-state');
  state.replaceChildren(
    el('span', { className: 'event', textContent: caption }), ' ',
    el('span', { className: 'line-from-root', textContent: line }),
    `${toMove} · depth ${position.depth}${pass}`);
  state.hidden = false;
}
