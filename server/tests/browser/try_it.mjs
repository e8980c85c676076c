// Drives the "Try it" page in Debian's Chromium as a person would, with the mouse and with
// the keyboard, at a desktop's width and a phone's, and prints what the page showed as one
// JSON document on stdout; cli/tests/serve_timing/serve_browser.rs judges it.
//
//   node try_it.mjs BASE_URL SCREENSHOT.png [CHROMIUM [AUDIT.json]]
//
// Given AUDIT.json, the audit view is shown that document instead of the server's (which
// costs half a minute of CPU the first time; cli/tests/serve/serve.rs holds the server's to it).
//
// Only what a person meets is read (visible text, the board's marks, focus, positions on
// screen, the screenshot's pixels), never the HTML source.
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

import { colours, region } from './pixels.mjs';
import { phone } from './phone.mjs';
import { board, field, lines, offeredGuards, outcome, stepState, text } from './read.mjs';

const [base, screenshot, executable = '/usr/bin/chromium', auditFile] = process.argv.slice(2);
if (!base || !screenshot) {
  console.error('usage: node try_it.mjs BASE_URL SCREENSHOT.png [CHROMIUM [AUDIT.json]]');
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
const seen = { problems: [], seconds: {} };
let phase = 'load'; // which step a browser complaint came in
let started = Date.now();

/** Starts a phase, noting how long the last one took (for a reader of a slow run). */
function enter(name) {
  seen.seconds[phase] = (Date.now() - started) / 1000;
  phase = name;
  started = Date.now();
}
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 960 } });
  await givenAudit(page);
  page.setDefaultTimeout(30000);
  page.on('console', (m) => {
    if (m.type() === 'error') seen.problems.push(`${phase}: console: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.problems.push(`${phase}: page error: ${e.message}`));
  page.on('requestfailed', (r) => seen.problems.push(`${phase}: request failed: ${r.url()}`));

  await page.goto(base);
  seen.title = await page.title();
  seen.loaded = await board(page);
  await settings(page);
  await stepping(page);
  await nullRun(page);
  await resetAndPlain(page);
  await refusals(page);
  await keyboard(page);
  await finishedAndBusy(page);

  // The guard menus: at every depth limit and R, each option a person can pick and the
  // command the page shows for it (the server judges them), and how many are greyed out.
  enter('menus');
  await page.getByRole('button', { name: /Pitfall/ }).click();
  await page.getByText('Engine and guards').click();
  seen.menus = await page.evaluate(offeredGuards);
  await guards(page);
  await views(page);
  enter('phone');
  seen.phone = await phone(browser, base, screenshot.replace(/\.png$/, '-390.png'), givenAudit);
} catch (e) {
  seen.problems.push(`${phase}: driver: ${e.message}`);
} finally {
  enter('done');
  await browser.close();
}
console.log(JSON.stringify(seen));

/** Answers the page's audit requests with AUDIT.json, when given. */
async function givenAudit(page) {
  if (!auditFile) return;
  const body = await readFile(auditFile);
  await page.route('**/api/audit', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }));
}

function stepButton(page) {
  return page.getByRole('button', { name: 'Step', exact: true });
}

function runButton(page) {
  return page.getByRole('button', { name: 'Run', exact: true });
}

/** Runs the search to its end with the Run button. */
async function run(page) {
  await runButton(page).click();
  await page.locator('#result').waitFor();
  return outcome(page);
}

/** The loads: the empty board, then the pitfall's whole setting back after other choices. */
async function settings(page) {
  enter('settings');
  await page.getByText('Engine and guards').click();
  await field(page, 'minimum probe depth').selectOption('2');
  await field(page, 'depth limit').selectOption('5');
  await field(page, 'reduction R').selectOption('2');
  await field(page, 'mode').selectOption('plain');
  await page.getByRole('button', { name: 'Empty board' }).click();
  seen.empty = await board(page);
  await page.getByRole('button', { name: /Pitfall/ }).click();
  seen.pitfall = {
    ...(await board(page)),
    mode: await field(page, 'mode').inputValue(),
    depth: await field(page, 'depth limit').inputValue(),
    reduction: await field(page, 'reduction R').inputValue(),
    minProbeDepth: await field(page, 'minimum probe depth').inputValue(),
    command: await text(page, '#command'),
  };
  await page.getByText('Engine and guards').click();
}

/** Null move (the Pitfall's mode): Step twice with the mouse, then the keys one event at a
 * time, then to the next probe, the next prune twice, and the end of that call. */
async function stepping(page) {
  enter('null');
  await stepButton(page).click();
  await page.locator('#log .line').nth(1).waitFor();
  await stepButton(page).click();
  await page.locator('#log .line').nth(2).waitFor();
  seen.stepped = { lines: await lines(page), status: await text(page, '#status') };
  // Focus is on Step, not in a field, so the keys step.
  seen.following = [];
  for (let i = 0; i < 58; i++) {
    await page.keyboard.press('s');
    seen.following.push(await stepState(page));
  }
  seen.jumps = [];
  for (const key of ['p', 'u', 'u', 'e']) {
    await page.keyboard.press(key);
    seen.jumps.push({ key, ...(await stepState(page)) });
  }
}

/** Run to the end; what the book shows: the prune that throws the centre away, beside the
 * verdict; the screenshot, and the colours of its regions. */
async function nullRun(page) {
  seen.null = await run(page);
  const prune = page.locator('#log .line.prune', { hasText: "X's move 4 is discarded" });
  await prune.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  seen.null.pruneVisible = await prune.isVisible();
  await page.screenshot({ path: screenshot });
  const probe = page.locator('#log .line.probe_resolved', { hasText: 'score 9 <= alpha 9' });
  seen.pixels = await colours(browser, await readFile(screenshot), {
    warning: await region(page, '#warning'),
    verdict: await region(page, '#verdict'),
    prune: await region(page, "#log .line.prune >> text=X's move 4 is discarded"),
    probe: await probe.first().evaluate((n) => {
      const r = n.getBoundingClientRect();
      return { x: r.left, y: r.top, width: r.width, height: r.height };
    }),
  });
}

/** Reset clears the log and the result and keeps focus; plain alpha-beta on the same board. */
async function resetAndPlain(page) {
  enter('reset');
  await page.getByRole('button', { name: 'Reset' }).click();
  seen.reset = {
    lines: (await lines(page)).length,
    status: await text(page, '#status'),
    result: await page.locator('#result').isVisible(),
    board: await board(page),
    focused: await page.evaluate(() => document.activeElement.id),
  };
  enter('plain');
  await field(page, 'mode').selectOption('plain');
  seen.afterModeChange = { lines: (await lines(page)).length, status: await text(page, '#status') };
  // A search with no probe: the key to the next probe says so rather than run to the end.
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.keyboard.press('p');
  await page.getByText('No probe left').waitFor();
  seen.noProbe = { status: await text(page, '#status'), lines: (await lines(page)).length };
  seen.plain = await run(page);
}

/** Boards the rules refuse: the reason in the form's words, one request each; characters
 * the parser refuses drawn as typed; the command quoted for the shell. */
async function refusals(page) {
  const position = page.getByLabel('position', { exact: true });
  enter('refused');
  await position.fill('...OO....');
  await runButton(page).click();
  await page.locator('#error').waitFor();
  seen.refused = await text(page, '#error');

  enter('invalid');
  await position.fill('abZ');
  seen.typed = await board(page);
  await position.press('Enter');
  await page.locator('#error').waitFor();
  seen.invalid = {
    error: await text(page, '#error'),
    marked: await position.getAttribute('aria-invalid'),
    focused: await page.evaluate(() => document.activeElement.id),
  };

  enter('quoted');
  await position.fill("X 'O.....");
  seen.quoted = { command: await text(page, '#command') };
  await runButton(page).click();
  await page.locator('#error').waitFor();
  seen.quoted.error = await text(page, '#error');
}

/** Enter loads a typed board (lower case taken as the parser takes it); Tab leaves the field;
 * the keys step and run; focus stays where it was. */
async function keyboard(page) {
  enter('keyboard');
  await field(page, 'mode').selectOption('null');
  const position = page.getByLabel('position', { exact: true });
  await position.fill('...o.x...');
  await position.press('Enter');
  await page.getByText(/^Loaded: /).waitFor();
  seen.keyboard = {
    notation: await position.inputValue(),
    status: await text(page, '#status'),
    lines: (await lines(page)).length,
    focusedAfterEnter: await page.evaluate(() => document.activeElement.id),
  };
  await page.keyboard.press('Tab');
  seen.keyboard.focusedAfterTab = await page.evaluate(() => document.activeElement.id);
  await page.keyboard.press('s');
  await page.keyboard.press('s');
  seen.keyboard.afterSteps = await stepState(page);
  await page.keyboard.press('r');
  await page.locator('#result').waitFor();
  seen.keyboard.afterRun = await outcome(page);
  // Run from the keyboard on the Run button itself: it stays focused when done.
  await page.getByRole('button', { name: 'Reset' }).click();
  await runButton(page).focus();
  await page.keyboard.press('Enter');
  await page.locator('#result').waitFor();
  seen.keyboard.focusedAfterRunButton = await page.evaluate(() => document.activeElement.id);
}

/** A finished game says so; a busy server reads as busy with its retry time, and the page
 * recovers once it answers. */
async function finishedAndBusy(page) {
  enter('finished');
  await page.getByLabel('position', { exact: true }).fill('XXXOO....');
  seen.finished = await run(page);

  enter('busy');
  await page.getByRole('button', { name: /Pitfall/ }).click();
  await page.route('**/api/trace?**', (route) => route.fulfill({
    status: 503,
    headers: { 'Retry-After': '7', 'Content-Type': 'application/json' },
    body: JSON.stringify({ error: 'the server is busy (workers: 2, waiting: 1024); try again shortly' }),
  }));
  await runButton(page).click();
  await page.locator('#error').waitFor();
  seen.busy = { error: await text(page, '#error'), status: await text(page, '#status') };
  await page.unroute('**/api/trace?**');
  seen.busy.after = await run(page);
}

/** A guard the new depth limit leaves nothing to do: greyed out, and a choice of it undone
 * with a word. Guards that keep the probe out of the pitfall's way, and one that makes the
 * probe itself safe. */
async function guards(page) {
  enter('growing');
  await field(page, 'reduction R').selectOption('1');
  await field(page, 'depth limit').selectOption('4');
  await field(page, 'R by depth').selectOption('depth-r');
  await field(page, 'depth limit').selectOption('3');
  seen.growing = {
    rule: await field(page, 'R by depth').inputValue(),
    note: await text(page, '#guard-note'),
    command: await text(page, '#command'),
  };
  enter('guarded');
  await field(page, 'R by depth').selectOption('fixed');
  await field(page, 'minimum probe depth').selectOption('1');
  await page.getByLabel(/eval gate/).check();
  await page.getByLabel(/zero-window/).check();
  await page.getByLabel(/null window/).check();
  seen.guardedCommand = await text(page, '#command');
  seen.guarded = await run(page);

  enter('safe');
  await page.getByRole('button', { name: /Pitfall/ }).click();
  await field(page, 'R by depth').selectOption('adaptive-r');
  seen.safe = { command: await text(page, '#command'), ...(await run(page)) };
}

/** The sweep view (the chart and its table) and the audit view (every claim's status and
 * replay commands), the audit given by AUDIT.json when there is one. */
async function views(page) {
  enter('sweep');
  await page.getByRole('link', { name: 'Sweep' }).click();
  await page.locator('#sweep-table tbody tr').first().waitFor({ timeout: 120000 });
  const chart = page.locator('#sweep-chart');
  await chart.evaluate((img) => img.decode());
  seen.sweep = {
    chart: await chart.evaluate((img) => ({ width: img.naturalWidth, height: img.naturalHeight, alt: img.alt })),
    rows: await page.locator('#sweep-table tbody tr').evaluateAll((rows) =>
      rows.map((r) => [...r.cells].map((c) => c.innerText))),
    status: await text(page, '#sweep-status'),
  };
  enter('audit');
  await page.getByRole('link', { name: 'Audit' }).click();
  await page.locator('#audit-table tbody tr').first().waitFor({ timeout: 120000 });
  seen.audit = {
    status: await text(page, '#audit-status'),
    columns: await page.locator('#audit-table thead th').allInnerTexts(),
    rows: await page.locator('#audit-table tbody tr').evaluateAll((rows) =>
      rows.map((r) => [...r.cells].map((c) => c.innerText))),
  };
}
