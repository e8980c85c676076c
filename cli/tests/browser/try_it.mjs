// Drives the "Try it" page in Debian's Chromium as a person would, and prints what the page
// showed as one JSON document on stdout; cli/tests/serve_browser.rs judges it.
//
//   node try_it.mjs BASE_URL SCREENSHOT.png [CHROMIUM]
//
// Only what is visible is read (innerText, isVisible), never the HTML source.
import { chromium } from 'playwright-core';

const [base, screenshot, executable = '/usr/bin/chromium'] = process.argv.slice(2);
if (!base || !screenshot) {
  console.error('usage: node try_it.mjs BASE_URL SCREENSHOT.png [CHROMIUM]');
  process.exit(2);
}

// The flags this machine's Chromium needs: root (no sandbox), no GPU, no network of its own.
const browser = await chromium.launch({
  executablePath: executable,
  args: [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});
const seen = { problems: [] };
let phase = 'load'; // which step a browser complaint came in
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 960 } });
  page.setDefaultTimeout(20000);
  page.on('console', (m) => {
    if (m.type() === 'error') seen.problems.push(`${phase}: console: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.problems.push(`${phase}: page error: ${e.message}`));
  page.on('requestfailed', (r) => seen.problems.push(`${phase}: request failed: ${r.url()}`));

  await page.goto(base);
  seen.title = await page.title();
  seen.loaded = await board(page);

  // The loads: the empty board, then the pitfall back.
  await page.getByRole('button', { name: 'Empty board' }).click();
  seen.empty = await board(page);
  await page.getByRole('button', { name: /Pitfall/ }).click();
  seen.pitfall = await board(page);

  // Null move (the default mode): Step twice, then Run to the end.
  phase = 'null';
  await page.getByRole('button', { name: 'Step' }).click();
  await page.locator('#log .line').nth(1).waitFor();
  await page.getByRole('button', { name: 'Step' }).click();
  await page.locator('#log .line').nth(2).waitFor();
  seen.stepped = { lines: await lines(page), status: await text(page, '#status') };
  await page.getByRole('button', { name: 'Run' }).click();
  await page.locator('#result').waitFor();
  seen.null = await outcome(page);

  // What the README shows: the prune that throws the centre away, beside the verdict.
  const prune = page.locator('#log .line.prune', { hasText: "X's move 4 is discarded" });
  await prune.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  seen.null.pruneVisible = await prune.isVisible();
  await page.screenshot({ path: screenshot });

  // Plain alpha-beta on the same position.
  phase = 'plain';
  await page.getByLabel('mode').selectOption('plain');
  seen.afterModeChange = { lines: (await lines(page)).length, status: await text(page, '#status') };
  await page.getByRole('button', { name: 'Run' }).click();
  await page.locator('#result').waitFor();
  seen.plain = await outcome(page);

  // A board the rules refuse: the server's reason, shown as it is.
  phase = 'refused';
  await page.getByLabel('position', { exact: true }).fill('...OO....');
  await page.getByRole('button', { name: 'Run' }).click();
  await page.locator('#error').waitFor();
  seen.refused = await text(page, '#error');

  // The guard menus: at every depth limit and R, each option a person can pick and the
  // command the page shows for it (the server judges them), and how many are greyed out.
  phase = 'menus';
  await page.getByRole('button', { name: /Pitfall/ }).click();
  await page.getByLabel('mode').selectOption('null');
  seen.menus = await page.evaluate(offeredGuards);

  // A guard the new depth limit leaves nothing to do: greyed out, and a choice of it undone
  // with a word, so the page never sends what the command line refuses.
  phase = 'growing';
  await page.getByLabel('reduction R').selectOption('1');
  await page.getByLabel('depth limit').selectOption('4');
  await page.getByLabel('R by depth').selectOption('depth-r');
  await page.getByLabel('depth limit').selectOption('3');
  seen.growing = {
    rule: await page.getByLabel('R by depth').inputValue(),
    note: await text(page, '#guard-note'),
    command: await text(page, '#command'),
  };
  phase = 'guarded';
  await page.getByLabel('R by depth').selectOption('fixed');
  await page.getByLabel('minimum probe depth').selectOption('1');
  await page.getByLabel(/eval gate/).check();
  await page.getByLabel(/zero-window/).check();
  await page.getByLabel(/null window/).check();
  seen.guardedCommand = await text(page, '#command');
  await page.getByRole('button', { name: 'Run' }).click();
  await page.locator('#result').waitFor();
  seen.guarded = await outcome(page);

  // The sweep view: the chart and its table.
  phase = 'sweep';
  await page.getByRole('link', { name: 'Sweep' }).click();
  await page.locator('#sweep-table tbody tr').first().waitFor();
  const chart = page.locator('#sweep-chart');
  await chart.evaluate((img) => img.decode());
  seen.sweep = {
    chart: await chart.evaluate((img) => ({ width: img.naturalWidth, height: img.naturalHeight, alt: img.alt })),
    rows: await page.locator('#sweep-table tbody tr').evaluateAll((rows) =>
      rows.map((r) => [...r.cells].map((c) => c.innerText))),
    status: await text(page, '#sweep-status'),
  };

  // The audit view: every claim's status and replay commands (about ten seconds of CPU the
  // first time).
  phase = 'audit';
  await page.getByRole('link', { name: 'Audit' }).click();
  await page.locator('#audit-table tbody tr').first().waitFor({ timeout: 120000 });
  seen.audit = {
    status: await text(page, '#audit-status'),
    columns: await page.locator('#audit-table thead th').allInnerTexts(),
    rows: await page.locator('#audit-table tbody tr').evaluateAll((rows) =>
      rows.map((r) => [...r.cells].map((c) => c.innerText))),
  };
} catch (e) {
  seen.problems.push(`${phase}: driver: ${e.message}`);
} finally {
  await browser.close();
}
console.log(JSON.stringify(seen));

/** Runs in the page: every (depth limit, R), every guard menu's options a person can pick,
 * each with the command the page then shows, and the greyed-out ones (menu and value). */
function offeredGuards() {
  const pick = (id, value) => {
    const select = document.getElementById(id);
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const menus = ['min-probe-depth', 'min-empty', 'r-rule', 'eval-r', 'verify'];
  const offered = [];
  for (let depth = 0; depth <= 9; depth++) {
    for (let r = 0; r <= 9; r++) {
      pick('depth', String(depth));
      pick('reduction', String(r));
      const at = { depth, reduction: r, commands: [], greyed: [] };
      for (const id of menus) {
        const select = document.getElementById(id);
        const off = select.value;
        for (const option of [...select.options]) {
          if (option.disabled) {
            at.greyed.push([id, option.value]);
          } else if (option.value !== off) {
            pick(id, option.value);
            at.commands.push(document.getElementById('command').textContent);
          }
        }
        pick(id, off);
      }
      offered.push(at);
    }
  }
  return offered;
}

async function text(page, selector) {
  const node = page.locator(selector);
  return (await node.isVisible()) ? node.innerText() : null;
}

async function board(page) {
  return {
    notation: await page.getByLabel('position', { exact: true }).inputValue(),
    cells: await page.locator('#board .cell').allInnerTexts(),
  };
}

/** Each log line's text, where its text starts on screen (its indentation), and its event. */
async function lines(page) {
  return page.locator('#log .line').evaluateAll((nodes) =>
    nodes.map((n) => {
      const range = document.createRange();
      range.selectNodeContents(n);
      const first = range.getClientRects()[0];
      const left = first ? first.left - n.getBoundingClientRect().left : 0;
      return { text: n.innerText, event: n.dataset.event, depth: Number(n.dataset.depth), left };
    }));
}

async function outcome(page) {
  return {
    lines: await lines(page),
    status: await text(page, '#status'),
    verdict: await text(page, '#verdict'),
    warning: await text(page, '#warning'),
    moves: await page.locator('#moves tbody tr').evaluateAll((rows) =>
      rows.map((r) => [...r.cells].map((c) => c.innerText))),
    chosenCells: await page.locator('#board .cell.chosen').evaluateAll((n) => n.map((c) => Number(c.dataset.cell))),
    bestCells: await page.locator('#board .cell.best').evaluateAll((n) => n.map((c) => Number(c.dataset.cell))),
  };
}
