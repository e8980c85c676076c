// The page's "Try it" widget, the sweep chart and the audit table, drawn from the server's
// JSON API (the documents `nullmove ... --json` prints). No framework, no build step: the
// browser loads these modules as they are.

import { $, el, getJson, refusalText } from './dom.js';
import { wireTryIt } from './try.js';

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
    $('sweep-error').textContent = refusalText(e);
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
  $('audit-status').textContent = 'Checking every claim (about half a minute the first time)…';
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
          ? replay.map((cmd) => el('code', { className: 'replay', textContent: cmd, tabIndex: 0 }))
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
    $('audit-error').textContent = refusalText(e);
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
  '/api/review': '',
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
    $('api-routes').replaceChildren(el('li', { className: 'error', textContent: refusalText(e) }));
  }
}

// ---- start ----------------------------------------------------------------------------------

wireTryIt();
$('positions').addEventListener('change', loadSweep);
window.addEventListener('hashchange', showView);
showView();
