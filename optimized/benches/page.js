// The page's own JavaScript, timed under node: the baseline the README's "Benchmarks" section
// compares the Rust engines with. Run: `node optimized/benches/page.js` (no dependencies).
//
// `nullMoveSearch` is the page's function ("Reference implementation") with two additions
// marked `// +`: a node counter at entry and the page's plain/null mode selector (plain never
// takes the null branch). `winner`, `emptyCells`, `score` and `heuristic` come from the
// Iterative Deepening page, which we do not have; they are SPEC.md's reconstruction, the one
// that reproduces every published count (checked below before anything is timed).

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

let nodes = 0; // +
let nullMode = true; // +

function nullMoveSearch(board, depth, maximizing, alpha, beta, depthLimit, R, allowNull) {
  nodes++; // +
  const w = winner(board);
  const empties = emptyCells(board);
  if (w || empties.length === 0) return score(w, depth);       // real, finished game
  if (depth >= depthLimit) return heuristic(board);             // out of budget — guess instead

  if (nullMode && allowNull && depth > 0 && depth + R < depthLimit) { // + nullMode
    // the null move itself: board unchanged, turn flips, depth jumps by 1 + R.
    // allowNull is false on the way in, so this probe can't chain a second null move.
    const nullScore = nullMoveSearch(board, depth + 1 + R, !maximizing, alpha, beta, depthLimit, R, false);
    if (maximizing && nullScore >= beta) return beta;   // "fine without moving" -> fine full stop
    if (!maximizing && nullScore <= alpha) return alpha;
  }

  const mark = maximizing ? 'X' : 'O';
  let best = maximizing ? -Infinity : Infinity;
  for (const cell of empties) {
    board[cell] = mark;
    const value = nullMoveSearch(board, depth + 1, !maximizing, alpha, beta, depthLimit, R, true);
    board[cell] = null;
    best = maximizing ? Math.max(best, value) : Math.min(best, value);
    if (maximizing) alpha = Math.max(alpha, best); else beta = Math.min(beta, best);
    if (beta <= alpha) break;
  }
  return best;
}

function parse(s) {
  return [...s].map((ch) => (ch === 'X' ? 'X' : ch === 'O' ? 'O' : null));
}

function xToMove(board) {
  const xs = board.filter((c) => c === 'X').length;
  const os = board.filter((c) => c === 'O').length;
  return xs === os;
}

// One root search: nodes visited.
function search(board, depthLimit, R, mode) {
  nullMode = mode === 'null';
  nodes = 0;
  nullMoveSearch(board, 0, xToMove(board), -Infinity, Infinity, depthLimit, R, true);
  return nodes;
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

// Runs `work` (returning nodes) repeatedly for at least `seconds`, after `warmUp` seconds of
// the same (so the JIT has compiled it).
function rate(work, seconds, warmUp = 1) {
  const run = (limit) => {
    let n = 0, reps = 0;
    const t0 = process.hrtime.bigint();
    let elapsed = 0;
    do {
      n += work();
      reps++;
      elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
    } while (elapsed < limit);
    return { n, reps, elapsed };
  };
  if (warmUp > 0) run(warmUp);
  const { n, elapsed } = run(seconds);
  return n / elapsed;
}

const empty = Array(9).fill(null);
const pitfall = parse('...O.X...');
check(search(empty, 3, 1, 'plain'), 167, 'depth 3 R 1 plain');
check(search(empty, 3, 1, 'null'), 78, 'depth 3 R 1 null');

const scenarios = [
  ['depth 5 R 3', empty, 5, 3, [1787, 803]],
  ['depth 9 R 1', empty, 9, 1, [20866, 80790]],
  ['depth 9 R 4', empty, 9, 4, [20866, 19036]],
  ['pitfall ...O.X... depth 3 R 1', pitfall, 3, 1, null],
];
for (const [name, board, d, r, published] of scenarios) {
  ['plain', 'null'].forEach((mode, i) => {
    const n = search(board, d, r, mode);
    if (published) check(n, published[i], `${name} ${mode}`);
    const perSecond = rate(() => search(board, d, r, mode), 2);
    console.log(`${name}/${mode}: ${n} nodes, ${(perSecond / 1e6).toFixed(2)} M nodes/s`);
  });
}

const positions = allNonterminal();
check(positions.length, 4520, 'non-terminal reachable positions');
const grid = [];
for (let d = 1; d <= 9; d++) for (let r = 0; r <= 6; r++) for (const m of ['plain', 'null']) grid.push([d, r, m]);
const everything = () => {
  let n = 0;
  for (const p of positions) for (const [d, r, m] of grid) n += search(p, d, r, m);
  return n;
};
const total = everything(); // also the warm-up
check(total, 43774555, 'all positions');
const perSecond = rate(everything, 5, 0);
console.log(`all positions (nullmove bench's workload): ${total} nodes, ${(perSecond / 1e6).toFixed(2)} M nodes/s`);
