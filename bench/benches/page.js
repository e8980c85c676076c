// The page's own JavaScript, timed under node: the baseline docs/src/performance.md
// compares the Rust engines with. Run from anywhere: `node bench/benches/page.js
// [--page FILE]` (no dependencies; FILE defaults to ../shared/page/null-move-pruning.en.txt
// beside the repository).
//
// `nullMoveSearch` is not in this file: it is cut out of the page's text at run time, from
// `function nullMoveSearch(` to its closing brace, and evaluated as it stands, so the function
// timed is the page's, verbatim. `winner`, `emptyCells`, `score` and `heuristic` come from the
// Iterative Deepening page, which we do not have: they are the reconstruction of
// docs/src/specification.md, the one that reproduces every published count (checked below
// before anything is timed).
//
// Plain mode is the page's function called with R = depthLimit: R appears only in the
// null-move condition `depth + R < depthLimit`, which then never holds.
//
// `--cases` reads a JSON array of [board, depthLimit, R, mode] from stdin and prints, for each,
// one JSON line {value, nodes, probes, cutoffs, moves: [[cell, value], ...]}, counted by
// watching the page's function from outside (fixtures/tests/it/page_js.rs holds it to naive).

'use strict';

const fs = require('fs');
const path = require('path');

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function winner(board) {
  for (const [a, b, c] of LINES) {
    if (board[a] && board[a] === board[b] && board[a] === board[c]) return board[a];
  }
  return null;
}

function emptyCells(board) {
  const out = [];
  for (let i = 0; i < 9; i++) if (board[i] === null) out.push(i);
  return out;
}

function score(w, depth) {
  if (w === 'X') return 10 - depth;
  if (w === 'O') return depth - 10;
  return 0;
}

function heuristic(board) {
  let total = 0;
  for (const line of LINES) {
    let xs = 0, os = 0;
    for (const c of line) {
      if (board[c] === 'X') xs++;
      else if (board[c] === 'O') os++;
    }
    if (os === 0) total += Math.pow(3, xs);
    if (xs === 0) total -= Math.pow(3, os);
  }
  return total;
}

// --- the page's function, from the page's text ---------------------------------------------

function parseArgs(argv) {
  const root = path.resolve(__dirname, '..', '..');
  const args = { page: path.resolve(root, '..', 'shared', 'page', 'null-move-pruning.en.txt'), cases: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--page' && i + 1 < argv.length) args.page = path.resolve(argv[++i]);
    else if (argv[i] === '--cases') args.cases = true;
    else throw new Error(`unknown argument ${argv[i]} (expected --page FILE or --cases)`);
  }
  return args;
}

// The text of `function nullMoveSearch(...) {...}`: from its first line to the brace that
// closes it, braces inside strings and comments not counted.
function extract(text) {
  const start = text.indexOf('function nullMoveSearch(');
  if (start < 0) throw new Error('the page has no `function nullMoveSearch(`');
  let depth = 0, seen = false, quote = null, comment = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (comment) { if (ch === '\n') comment = false; continue; }
    if (quote) { if (ch === quote && text[i - 1] !== '\\') quote = null; continue; }
    if (ch === '/' && text[i + 1] === '/') { comment = true; continue; }
    if (ch === "'" || ch === '"' || ch === '`') { quote = ch; continue; }
    if (ch === '{') { depth++; seen = true; }
    if (ch === '}') { depth--; if (seen && depth === 0) return text.slice(start, i + 1); }
  }
  throw new Error('the page\'s nullMoveSearch never closes its braces');
}

// The page's function as it stands, its helpers passed in by name.
function instantiate(source) {
  return new Function('winner', 'emptyCells', 'score', 'heuristic', `${source}\nreturn nullMoveSearch;`)(
    winner, emptyCells, score, heuristic);
}

// The page's function with every call, its recursive calls included, passed through `hook`:
// the recursion reaches `nullMoveSearch` by name, and the name is rebound to the hook.
function instantiateWatched(source, hook) {
  const body = `${source}\nconst page = nullMoveSearch;\n` +
    'nullMoveSearch = function (b, d, m, a, be, l, r, n) { return hook(page, b, d, m, a, be, l, r, n); };\n' +
    'return nullMoveSearch;';
  return new Function('winner', 'emptyCells', 'score', 'heuristic', 'hook', body)(
    winner, emptyCells, score, heuristic, hook);
}

// Counts what one search did, from outside the page's function: every call is a node; a call
// entered with allowNull false is a probe (real moves pass true); a node that probed and then
// made no real move was pruned; the values the root's real children return are its moves.
function watcher() {
  const w = { nodes: 0, probes: 0, cutoffs: 0, moves: [], rootBoard: null };
  // Per open call: whether it probed and whether it moved (at most 11 calls deep).
  const probed = new Uint8Array(16), moved = new Uint8Array(16);
  let open = 0;
  w.hook = (page, board, depth, maximizing, alpha, beta, depthLimit, R, allowNull) => {
    const probe = allowNull === false;
    w.nodes++;
    if (open === 0) w.rootBoard = board.slice();
    else if (probe) { w.probes++; probed[open - 1] = 1; } else moved[open - 1] = 1;
    const rootChild = open === 1 && !probe;
    const cell = rootChild ? board.findIndex((c, i) => c !== null && w.rootBoard[i] === null) : -1;
    probed[open] = 0; moved[open] = 0; open++;
    const value = page(board, depth, maximizing, alpha, beta, depthLimit, R, allowNull);
    open--;
    if (probed[open] && !moved[open]) w.cutoffs++;
    if (rootChild) w.moves.push([cell, value]);
    return value;
  };
  return w;
}

// The page's function watched: one instance, each search with a fresh watcher.
function watchedSearcher(source) {
  let current = null;
  const fn = instantiateWatched(source, (page, b, d, m, a, be, l, r, n) => current.hook(page, b, d, m, a, be, l, r, n));
  return (board, depthLimit, R, mode) => {
    current = watcher();
    const value = rootCall(fn, board, depthLimit, R, mode);
    return { value, nodes: current.nodes, probes: current.probes, cutoffs: current.cutoffs, moves: current.moves };
  };
}

function parse(s) {
  return [...s].map((ch) => (ch === 'X' ? 'X' : ch === 'O' ? 'O' : null));
}

function xToMove(board) {
  const xs = board.filter((c) => c === 'X').length;
  const os = board.filter((c) => c === 'O').length;
  return xs === os;
}

// One root search with `fn`: the page's call at depth 0 with the open window.
function rootCall(fn, board, depthLimit, R, mode) {
  const r = mode === 'null' ? R : depthLimit;
  return fn(board, 0, xToMove(board), -Infinity, Infinity, depthLimit, r, true);
}

// --- the cases mode and the benchmark -------------------------------------------------------

function runCases(source) {
  const search = watchedSearcher(source);
  const cases = JSON.parse(fs.readFileSync(0, 'utf8'));
  const out = [];
  for (const [board, depthLimit, R, mode] of cases) {
    out.push(JSON.stringify(search(parse(board), depthLimit, R, mode)));
  }
  process.stdout.write(out.join('\n') + '\n');
}

// Every reachable position whose game is not over (4,520), breadth-first as core does.
function allNonterminal() {
  const start = Array(9).fill(null);
  const seen = new Set([start.map((c) => c || '.').join('')]);
  const queue = [start];
  const out = [];
  for (let i = 0; i < queue.length; i++) {
    const b = queue[i];
    if (winner(b) || emptyCells(b).length === 0) continue;
    out.push(b);
    const mark = xToMove(b) ? 'X' : 'O';
    for (const c of emptyCells(b)) {
      const next = b.slice();
      next[c] = mark;
      const key = next.map((x) => x || '.').join('');
      if (!seen.has(key)) {
        seen.add(key);
        queue.push(next);
      }
    }
  }
  return out;
}

function check(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: ${actual} nodes, expected ${expected}`);
}

// Runs `work` repeatedly for at least `seconds`, after `warmUp` seconds of the same (so the
// JIT has compiled it); returns runs per second.
function rate(work, seconds, warmUp = 1) {
  const run = (limit) => {
    let reps = 0;
    const t0 = process.hrtime.bigint();
    let elapsed = 0;
    do {
      work();
      reps++;
      elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
    } while (elapsed < limit);
    return reps / elapsed;
  };
  if (warmUp > 0) run(warmUp);
  return run(seconds);
}

function bench(source) {
  // Nodes are counted once, watched; the page's function is timed unwatched, as it stands.
  const page = instantiate(source);
  const search = watchedSearcher(source);
  const nodes = (board, d, r, mode) => search(board, d, r, mode).nodes;
  const empty = Array(9).fill(null);
  const pitfall = parse('...O.X...');
  check(nodes(empty, 3, 1, 'plain'), 167, 'depth 3 R 1 plain');
  check(nodes(empty, 3, 1, 'null'), 78, 'depth 3 R 1 null');

  const scenarios = [
    ['depth 5 R 3', empty, 5, 3, [1787, 803]],
    ['depth 9 R 1', empty, 9, 1, [20866, 80790]],
    ['depth 9 R 4', empty, 9, 4, [20866, 19036]],
    ['pitfall ...O.X... depth 3 R 1', pitfall, 3, 1, null],
  ];
  for (const [name, board, d, r, published] of scenarios) {
    ['plain', 'null'].forEach((mode, i) => {
      const n = nodes(board, d, r, mode);
      if (published) check(n, published[i], `${name} ${mode}`);
      const perSecond = n * rate(() => rootCall(page, board, d, r, mode), 2);
      console.log(`${name}/${mode}: ${n} nodes, ${(perSecond / 1e6).toFixed(2)} M nodes/s`);
    });
  }

  const positions = allNonterminal();
  check(positions.length, 4520, 'non-terminal reachable positions');
  const grid = [];
  for (let d = 1; d <= 9; d++) for (let r = 0; r <= 6; r++) for (const m of ['plain', 'null']) grid.push([d, r, m]);
  let total = 0;
  for (const p of positions) for (const [d, r, m] of grid) total += nodes(p, d, r, m);
  check(total, 43774555, 'all positions');
  const everything = () => {
    for (const p of positions) for (const [d, r, m] of grid) rootCall(page, p, d, r, m);
  };
  const perSecond = total * rate(everything, 5, 1);
  console.log(`all positions (nullmove bench's workload): ${total} nodes, ${(perSecond / 1e6).toFixed(2)} M nodes/s`);
}

try {
  const args = parseArgs(process.argv.slice(2));
  const source = extract(fs.readFileSync(args.page, 'utf8'));
  if (args.cases) runCases(source);
  else bench(source);
} catch (e) {
  process.stderr.write(`page.js: ${e.message}\n`);
  process.exit(2);
}
