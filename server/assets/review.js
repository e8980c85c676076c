// The reviewer's view: the page and the article as text, each statement marked by the claims
// that check it with the audit's statuses; selecting a statement shows its claims. Drawn from
// one document, the review (nullmove_fixtures::review): embedded in the file `nullmove audit
// --html` writes, or asked of `nullmove serve` at /api/review, whose first audit shows its
// progress. No imports: the same script runs inlined in that file, with the network off.

// Each mark: a symbol and a line under the statement besides its colour (review.css), and
// what it means.
const MARKS = {
  reproduced: { symbol: '✓', meaning: 'every claim on it is what we measure' },
  inconclusive: { symbol: '?', meaning: 'measured on a sample: the direction agrees, the sample cannot tell it from chance' },
  differs: { symbol: '✗', meaning: 'we measure something else' },
  inconsistent: { symbol: '⇄', meaning: 'another sentence of the same text says otherwise' },
  unverifiable: { symbol: '∅', meaning: 'it rests on material the text does not give' },
  not_checkable: { symbol: '○', meaning: 'no claim can check it; the reason is given' },
};
const LEGEND_ORDER = ['reproduced', 'inconclusive', 'differs', 'inconsistent', 'unverifiable', 'not_checkable'];
/** The marks from the one that most needs a look: claims are listed in this order. */
const SEVERITY = ['differs', 'inconsistent', 'inconclusive', 'unverifiable', 'reproduced', 'not_checkable'];
const severity = (mark) => SEVERITY.indexOf(mark);
const TEXT_NAMES = { page: 'The page', article: 'The article' };
const NARROW = window.matchMedia('(max-width: 56rem)');

const $ = (id) => document.getElementById(id);

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

const markName = (mark) => mark.replace('_', ' ');

/** A mark or status as a label: its symbol and its name, in its colour. */
function label(mark) {
  return el('span', { className: `status s-${mark}`, textContent: `${MARKS[mark].symbol} ${markName(mark)}` });
}

// ---- the view's state ---------------------------------------------------------------------

let review = null;
const claimsById = new Map();
const statementsById = new Map();
/** The statements' elements in reading order: the page's, then the article's. */
const order = [];
let current = -1;

// ---- loading ------------------------------------------------------------------------------

function status(text) {
  $('review-status').textContent = text;
}

function fail(message) {
  $('review-error').textContent = message;
  $('review-error').hidden = false;
  $('review-progress').hidden = true;
  status('');
}

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** Asks the server for the review; while its audit is computed, shows how far it is. */
async function load() {
  status('Asking the server for the audit…');
  let waiting = true;
  const poll = async () => {
    while (waiting) {
      try {
        const p = await (await fetch('/api/audit/progress')).json();
        if (waiting && p.state === 'running' && p.total > 0) {
          const bar = $('review-progress');
          bar.max = p.total;
          bar.value = p.done;
          bar.hidden = false;
          status(`Auditing every claim (the first time only): ${p.done} of ${p.total} claims measured…`);
        }
      } catch {
        // The answer to the review itself says what went wrong.
      }
      await sleep(400);
    }
  };
  poll();
  try {
    let response;
    try {
      response = await fetch('/api/review', { headers: { Accept: 'application/json' } });
    } catch (e) {
      throw new Error(`no answer from the server (${e.message}): is nullmove serve still running?`);
    }
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      throw new Error(body && body.error ? body.error : `the server answered HTTP ${response.status}`);
    }
    waiting = false;
    show(body);
  } catch (e) {
    waiting = false;
    fail(`The review cannot be shown: ${e.message}`);
  }
}

// ---- drawing --------------------------------------------------------------------------------

function show(data) {
  review = data;
  for (const c of review.claims) claimsById.set(c.id, c);
  drawSummary();
  $('texts').replaceChildren(...review.texts.map(drawText));
  drawIndex();
  $('erratum').textContent = review.erratum;
  $('erratum-copy').addEventListener('click', () => copy(review.erratum, $('erratum-copy'), $('erratum')));
  $('review-progress').hidden = true;
  $('review').hidden = false;
  const statements = review.texts.reduce((n, t) => n + t.counts.statements, 0);
  status(`${statements} statements, ${review.claims.length} claims.`);
  const wanted = decodeURIComponent(location.hash.slice(1));
  if (statementsById.has(wanted)) select(order.indexOf(statementsById.get(wanted).node), { focus: false });
}

function drawSummary() {
  // Claims, each once, by status: a statement checked by several counts each of them.
  $('coverage').replaceChildren(...review.texts.map((t) => {
    const claims = t.counts.claims.reduce((n, c) => n + c.claims, 0);
    return el('li', {},
      el('strong', { textContent: TEXT_NAMES[t.source] }),
      ` (${t.file}): ${t.counts.statements} statements, ${t.counts.checked} checked by claims, ` +
        `${t.counts.not_checkable} not checkable; its ${claims} claims: `,
      ...t.counts.claims.filter((c) => c.claims > 0).map((c) => el('span', { className: 'count' },
        el('span', { className: `badge m-${c.status}`, textContent: MARKS[c.status].symbol }),
        `${c.claims} ${markName(c.status)}`)));
  }));
  $('claim-counts').textContent = `${review.claims.length} claims: ` +
    review.statuses.map((s) => `${s.claims} ${s.status}`).join(', ') + '.';
  drawBuild(review.build);
  $('legend').replaceChildren(...LEGEND_ORDER.map((mark) => el('li', { className: 'legend-item' },
    el('span', { className: `st m-${mark}` }, 'Text',
      el('span', { className: 'badge', textContent: MARKS[mark].symbol })),
    ' ', el('strong', { textContent: markName(mark) }), `: ${MARKS[mark].meaning}`)));
  $('legend').append(el('li', { className: 'help', textContent:
    'A statement checked by claims of several statuses carries the symbol of each, and the line of the one that most needs a look: differs, then inconsistent, inconclusive, unverifiable, reproduced. Its claims are listed in that order.' }));
}

/** Which build measured the figures, and the line that installs it: the replay commands print
 * the same figures with that build. */
function drawBuild(build) {
  if (!build) {
    $('build').replaceChildren(el('p', { className: 'help',
      textContent: 'The audit’s document does not name the build that measured it.' }));
    return;
  }
  const parts = [el('p', {}, `Measured by nullmove ${build.version}, commit `,
    el('code', { className: 'commit', textContent: build.commit }),
    build.changes ? ' (the sources had changes not in that commit).' : '.')];
  if (build.install) {
    parts.push(el('p', { className: 'help', textContent: 'The same build, from a clone of the repository:' }),
      command(build.install));
  } else {
    parts.push(el('p', { className: 'help', textContent: build.changes
      ? 'No command installs this very build: its changes were never committed.'
      : 'No command installs this build: its commit is not known.' }));
  }
  $('build').replaceChildren(...parts);
}

/** A shell command with a button that copies it. */
function command(text) {
  const code = el('code', { className: 'replay-command', textContent: text, tabIndex: 0 });
  const button = el('button', { type: 'button', textContent: 'Copy' });
  button.setAttribute('aria-label', `Copy: ${text}`);
  button.addEventListener('click', () => copy(text, button, code));
  return el('div', { className: 'cmd' }, code, button);
}

/** One statement: its words underlined in the style of its most telling mark, and after them
 * the symbol of every status its claims have. */
function drawStatement(s, text) {
  const marks = s.marks;
  const node = el('span', {
    className: `st m-${s.mark}`,
    tabIndex: 0,
    id: s.id,
  }, s.text,
  ...marks.map((m) => el('span', { className: `badge m-${m}`, textContent: MARKS[m].symbol, ariaHidden: 'true' })),
  el('span', { className: 'sr', textContent: ` (${marks.map(markName).join(', ')})` }));
  node.dataset.marks = marks.join(' ');
  node.setAttribute('role', 'button');
  node.setAttribute('aria-pressed', 'false');
  node.title = s.claims.length
    ? `${marks.map(markName).join(', ')}: ${s.claims.join(', ')}`
    : markName(s.mark);
  node.addEventListener('click', () => select(order.indexOf(node)));
  node.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      select(order.indexOf(node));
    }
  });
  statementsById.set(s.id, { ...s, node, of: text });
  order.push(node);
  return node;
}

/** A diagram's coordinates: a run of titles of a character or two, set as one line. */
const isLabel = (block) => block.kind === 'title' && block.text.length <= 2;

function drawText(t) {
  const body = el('div', { className: 'text', lang: t.lang, dir: t.dir });
  const blocks = t.blocks;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (isLabel(b)) {
      const run = [];
      while (i < blocks.length && isLabel(blocks[i])) run.push(blocks[i++].text);
      i--;
      // The coordinates read left to right, as a board's do, in either text.
      body.append(el('p', { className: 'labels', dir: 'ltr', textContent: run.join(' ') }));
    } else if (b.kind === 'title') {
      body.append(el('p', { className: 'title', textContent: b.text }));
    } else if (b.kind === 'code') {
      body.append(el('pre', { className: 'code', dir: 'ltr' }, ...b.statements.map((s) => drawStatement(s, t))));
    } else {
      const p = el('p');
      b.statements.forEach((s, k) => {
        if (k > 0) p.append(' ');
        p.append(drawStatement(s, t));
      });
      body.append(p);
    }
  }
  return el('section', { className: 'text-box', id: `text-${t.source}` },
    el('h2', {}, `${TEXT_NAMES[t.source]} `, el('span', { className: 'file', textContent: t.file })),
    body);
}

function drawIndex() {
  $('claims').tBodies[0].replaceChildren(...review.claims.map((c) => el('tr', { id: `claim-${c.id}` },
    el('td', {}, el('code', { textContent: c.id })),
    el('td', {}, label(c.status)),
    el('td', { textContent: c.section }),
    el('td', {}, ...c.statements.flatMap((id, k) => [k ? ' ' : null, link(id)])))));
}

/** A link that selects statement `id`. */
function link(id, text = id) {
  const a = el('a', { href: `#${id}`, textContent: text });
  a.addEventListener('click', (e) => {
    e.preventDefault();
    const s = statementsById.get(id);
    if (s) select(order.indexOf(s.node));
  });
  return a;
}

// ---- the claims of the statement selected ----------------------------------------------------

function select(i, { focus = true } = {}) {
  if (i < 0 || i >= order.length) return;
  if (current >= 0) {
    order[current].classList.remove('selected');
    order[current].setAttribute('aria-pressed', 'false');
  }
  current = i;
  const node = order[i];
  node.classList.add('selected');
  node.setAttribute('aria-pressed', 'true');
  if (focus) node.focus({ preventScroll: true });
  node.scrollIntoView({ block: NARROW.matches ? 'start' : 'center' });
  history.replaceState(null, '', `#${node.id}`);
  drawPanel(statementsById.get(node.id));
}

/** Closes the claims at any width: the panel empties (on a narrow screen it goes), the
 * statement stays where the keys go on from. */
function closePanel() {
  $('panel').classList.remove('open');
  document.body.classList.remove('panel-open');
  $('panel-close').hidden = true;
  $('panel-body').replaceChildren();
  $('panel-hint').hidden = false;
  if (current >= 0) {
    order[current].classList.remove('selected');
    order[current].setAttribute('aria-pressed', 'false');
    order[current].focus({ preventScroll: true });
  }
  history.replaceState(null, '', location.pathname + location.search);
}

function drawPanel(s) {
  const t = s.of;
  const where = `${TEXT_NAMES[t.source]}, statement ${s.id.split('-').pop()}`;
  const parts = [
    el('p', { className: 'where' }, ...s.marks.flatMap((m) => [label(m), ' ']), where),
    el('blockquote', { lang: t.lang, dir: t.dir, textContent: s.text }),
    ...s.reasons.map((r) => el('p', { className: 'reason' }, el('strong', { textContent: 'Not checkable: ' }), r)),
    ...byStatus(s.claims).map((id) => drawClaim(claimsById.get(id), id)),
  ];
  $('panel-hint').hidden = true;
  $('panel-body').replaceChildren(...parts);
  $('panel').classList.add('open');
  document.body.classList.add('panel-open');
  $('panel-close').hidden = false;
  $('panel').scrollTop = 0;
}

/** Claim ids, the one that most needs a look first; in the corpus's order within a status. */
function byStatus(ids) {
  const rank = (id) => (claimsById.has(id) ? severity(claimsById.get(id).status) : -1);
  return [...ids].sort((a, b) => rank(a) - rank(b));
}

/** A sample's test: what is tested, the test, its p-value or interval, and what it decides. */
function drawTest(test) {
  const n = (x) => (Math.abs(x) >= 10 ? x.toFixed(1) : x.toPrecision(3));
  const figure = test.p_value !== undefined && test.p_value !== null
    ? `p = ${n(test.p_value)}`
    : `95% interval ${n(test.interval[0])} to ${n(test.interval[1])}`;
  return el('li', {}, `${test.figure}: ${test.test}, ${figure}; ` +
    `${test.beyond_chance ? 'beyond chance' : 'not beyond chance'}` +
    `${test.decides ? '' : ' (beside the reading: it does not decide)'}.`);
}

function drawClaim(c, id) {
  if (!c) return el('p', { className: 'error', textContent: `The audit reports no claim ${id}.` });
  const rows = [
    ['Published', c.published],
    ['We measure', c.reproduced],
  ];
  if (c.note) rows.push(['How we read it, and the other fair reading', c.note]);
  const list = el('dl', {}, ...rows.flatMap(([k, v]) => [el('dt', { textContent: k }), el('dd', { textContent: v })]));
  if (c.confidence) {
    list.append(el('dt', { textContent: 'The sample and its tests' }),
      el('dd', {}, c.confidence.sample, el('ul', {}, ...c.confidence.tests.map(drawTest))));
  }
  if (c.contradictions.length) {
    list.append(el('dt', { textContent: 'Contradicted by' }), el('dd', {}, el('ul', {},
      ...c.contradictions.map((k) => {
        const other = claimsById.get(k.with);
        const at = other && other.statements.length ? link(other.statements[0], k.with) : el('code', { textContent: k.with });
        return el('li', {}, at, other ? ` (${other.section}: “${other.anchor}”)` : '', `: ${k.why}`);
      }))));
  }
  if (c.correction) {
    list.append(el('dt', { textContent: 'A wording our measurement supports' }), el('dd', { textContent: c.correction }));
  }
  const replay = c.replay.length
    ? el('div', { className: 'replay' }, el('p', { className: 'label', textContent: 'Replay' }),
      ...c.replay.map(command))
    : el('p', { className: 'help', textContent: 'No command shows it: nothing here measures it.' });
  return el('article', { className: 'claim' },
    el('h3', {}, label(c.status), el('code', { textContent: c.id })),
    el('p', { className: 'where', textContent: `${c.section}; cites “${c.anchor}”` }),
    el('p', { className: 'ours', textContent: c.statement }),
    list, replay);
}

/** Copies `text`; where the browser refuses, selects it so Ctrl+C does. */
async function copy(text, button, node) {
  const was = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    const range = document.createRange();
    range.selectNodeContents(node);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    button.textContent = 'Selected: Ctrl+C copies it';
  }
  setTimeout(() => { button.textContent = was; }, 2000);
}

// ---- keys -----------------------------------------------------------------------------------

/** The next statement after the current one that carries `mark` (among others or alone), from
 * the start again past the end. */
function nextMarked(mark) {
  for (let k = 1; k <= order.length; k++) {
    const i = (current + k) % order.length;
    if (order[i].dataset.marks.split(' ').includes(mark)) return i;
  }
  return -1;
}

document.addEventListener('keydown', (e) => {
  if (!review || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.target.closest && e.target.closest('input, textarea, select')) return;
  const key = e.key.toLowerCase();
  if (key === 'n' || key === 'j') {
    select(Math.min(current + 1, order.length - 1));
  } else if (key === 'p' || key === 'k') {
    select(Math.max(current - 1, 0));
  } else if (key === 'd') {
    select(nextMarked('differs'));
  } else if (key === 'i') {
    select(nextMarked('inconsistent'));
  } else if (key === 'escape') {
    closePanel();
  } else {
    return;
  }
  e.preventDefault();
});

// ---- start ----------------------------------------------------------------------------------

$('panel-close').addEventListener('click', closePanel);
const embedded = $('review-data');
if (embedded) {
  for (const node of document.querySelectorAll('.served-only')) node.remove();
  try {
    show(JSON.parse(embedded.textContent));
  } catch (e) {
    fail(`The review in this file cannot be read: ${e.message}`);
  }
} else {
  load();
}
