// Drives the reviewer's view in Debian's Chromium as a reader would, at a desktop's width and
// a phone's, then opens the self-contained file `nullmove audit --html` writes with every
// request refused, and prints what it saw as one JSON document on stdout;
// cli/tests/serve_timing/serve_review.rs judges it.
//
//   node review.mjs BASE_URL REVIEW.json VIEW.html SCREENSHOTS_DIR [CHROMIUM]
//
// REVIEW.json answers the page's /api/review (the review of the pinned audit: the server's
// own would cost the audit's half a minute of CPU; cli/tests/serve/serve.rs holds the
// server's answer to the same document), after /api/audit/progress has said the audit is
// under way, so the progress a first reader sees is seen. The screenshots are the book's
// (docs/src/images/review-*.png).
//
// Only what a person meets is read: visible text, how a mark is drawn (its colour, the line
// under it, its symbol), where text sits on screen, what the clipboard holds.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const [base, reviewFile, viewFile, shots, executable = '/usr/bin/chromium'] = process.argv.slice(2);
if (!base || !reviewFile || !viewFile || !shots) {
  console.error('usage: node review.mjs BASE_URL REVIEW.json VIEW.html SCREENSHOTS_DIR [CHROMIUM]');
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: executable,
  args: [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});
const review = await readFile(reviewFile);
const data = JSON.parse(review);
const seen = { problems: [] };
let phase = 'desktop';

/** Every complaint of the browser, by the phase it came in. */
function watch(page) {
  page.setDefaultTimeout(30000);
  page.on('console', (m) => {
    if (m.type() === 'error') seen.problems.push(`${phase}: console: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.problems.push(`${phase}: page error: ${e.message}`));
  page.on('requestfailed', (r) => seen.problems.push(`${phase}: request failed: ${r.url()}`));
}

/** The review the server would give, once `ready` resolves; the audit said to be under way
 * until then. */
async function serveReview(page, ready) {
  await page.route('**/api/audit/progress', (route) => route.fulfill({
    status: 200, contentType: 'application/json', body: '{"state":"running","done":23,"total":56}',
  }));
  await page.route('**/api/review', async (route) => {
    await ready;
    await route.fulfill({ status: 200, contentType: 'application/json', body: review });
  });
}

/** How far the page scrolls sideways: its content's width against the viewport's. */
const pageWidth = (page) => page.evaluate(() => ({
  scrollWidth: document.documentElement.scrollWidth,
  clientWidth: document.documentElement.clientWidth,
}));

/** How a statement (or a legend's sample) is drawn: its words, the line under it, its colour,
 * the symbol after it. */
function drawn(node) {
  const style = getComputedStyle(node);
  const badge = node.querySelector('.badge');
  return {
    text: node.innerText,
    line: style.textDecorationLine,
    lineStyle: style.textDecorationStyle,
    lineColour: style.textDecorationColor,
    symbol: badge ? badge.innerText : null,
    symbolColour: badge ? getComputedStyle(badge).color : null,
  };
}

/** The legend: each entry's sample as drawn, and its words. */
const legend = (page) => page.locator('#legend li.legend-item').evaluateAll((items) => items.map((li) => ({
  sample: (() => {
    const n = li.querySelector('.st');
    const style = getComputedStyle(n);
    return {
      line: style.textDecorationLine,
      lineStyle: style.textDecorationStyle,
      lineColour: style.textDecorationColor,
      symbol: n.querySelector('.badge').innerText,
    };
  })(),
  words: li.innerText,
})));

/** The statement selected: its words, the address's fragment. */
const selected = (page) => page.evaluate(() => {
  const s = document.querySelector('.st.selected');
  return { text: s ? s.firstChild.textContent : null, hash: location.hash, focused: document.activeElement === s };
});

/** What the claims panel shows: its visible text, each claim's id and status, each replay
 * command, whether it is on screen. */
const panel = (page) => page.evaluate(() => {
  const box = document.getElementById('panel');
  const r = box.getBoundingClientRect();
  return {
    visible: r.height > 0 && getComputedStyle(box).display !== 'none',
    box: { top: r.top, bottom: r.bottom, left: r.left, right: r.right },
    text: box.innerText,
    hint: document.getElementById('panel-hint').checkVisibility(),
    claims: [...box.querySelectorAll('.claim')].map((c) => ({
      id: c.querySelector('h3 code').innerText,
      status: c.querySelector('h3 .status').innerText,
      measured: [...c.querySelectorAll('dt')].filter((dt) => dt.innerText === 'We measure')
        .map((dt) => dt.nextElementSibling.innerText)[0] || null,
      replay: [...c.querySelectorAll('.cmd code')].map((code) => code.innerText),
    })),
  };
});

/** The statement element of claim `id`'s first statement. */
const statementOf = (page, id) => page.locator(`[id="${data.claims.find((c) => c.id === id).statements[0]}"]`);

/** Each claim's replay commands in the panel as drawn: their words, and whether each box
 * shows it whole inside the panel (nothing scrolled out of sight, nothing past its edge). */
const replayShown = (page) => page.locator('#panel .claim').evaluateAll((claims) => claims.map((claim) => ({
  id: claim.querySelector('h3 code').innerText,
  commands: [...claim.querySelectorAll('.cmd code')].map((c) => {
    const r = c.getBoundingClientRect();
    const p = document.getElementById('panel').getBoundingClientRect();
    return {
      text: c.innerText,
      scrollWidth: c.scrollWidth,
      clientWidth: c.clientWidth,
      inside: r.left >= p.left - 0.5 && r.right <= p.right + 0.5,
    };
  }),
})));

/** What a reviewer checks of every verdict at a desktop's width: which statements show the
 * inconsistent symbol, a statement's claims in their order, Escape and the × closing them,
 * the replay commands whole, and the key to the next inconsistent statement. */
async function verdicts(page) {
  const out = {};
  out.inconsistent = await page.locator('#texts .st').evaluateAll((nodes) => nodes
    .filter((n) => [...n.querySelectorAll('.badge')].some((b) => b.innerText === '⇄' && b.checkVisibility()))
    .map((n) => n.id));
  await statementOf(page, 'complexity-range').click();
  out.order = (await panel(page)).claims.map((c) => ({ id: c.id, status: c.status }));
  await page.keyboard.press('Escape');
  out.afterEscape = { panel: await panel(page), selected: await selected(page) };
  await statementOf(page, 'pitfall2-r4-nodes').click();
  out.replay = await replayShown(page);
  await page.locator('#panel-close').click();
  out.afterClose = { panel: await panel(page), selected: await selected(page) };
  await page.locator('#texts .st').first().click();
  out.nextInconsistent = [];
  for (let k = 0; k < 4; k++) {
    await page.keyboard.press('i');
    out.nextInconsistent.push((await selected(page)).hash);
  }
  out.build = await page.locator('#build').innerText();
  out.buildCommand = await page.locator('#build .cmd code').evaluateAll((codes) => codes.map((c) => ({
    text: c.innerText, scrollWidth: c.scrollWidth, clientWidth: c.clientWidth,
  })));
  out.keysHint = await page.locator('.keys').isVisible();
  out.notCheckable = await page.locator('#texts .badge.m-not_checkable').first()
    .evaluate((b) => getComputedStyle(b).color);
  out.legend = await page.locator('#legend li.legend-item').first().evaluate((li) => ({
    lineHeight: parseFloat(getComputedStyle(li).lineHeight),
    fontSize: parseFloat(getComputedStyle(li).fontSize),
  }));
  return out;
}

/** The book shows the view, not the texts: the page and the article are not ours to copy,
 * so its pictures blur their prose (the marks' colours and shapes stay visible). */
const PROSE = '#texts .text, #panel blockquote';

/** A screenshot for the book, the texts' prose blurred while it is taken (through the
 * elements' style objects, which the view's content security policy allows, unlike a new
 * style sheet). */
async function bookShot(target, page, options) {
  const blur = (value) => page.evaluate(([selector, filter]) => {
    for (const node of document.querySelectorAll(selector)) node.style.filter = filter;
  }, [PROSE, value]);
  await blur('blur(3.5px)');
  await target.screenshot(options);
  await blur('');
}

/** A picture for the book: `statement` scrolled to near the top, beside its claims. */
async function picture(page, statement, path) {
  await statement.evaluate((n) => {
    window.scrollBy(0, n.getBoundingClientRect().top - 120);
    document.getElementById('panel').scrollTop = 0;
  });
  await bookShot(page, page, { path, clip: { x: 0, y: 0, width: 1280, height: 480 } });
}

/** The article as set: its language, its direction, and where its first paragraph's lines
 * sit against the column. */
const article = (page) => page.locator('#text-article .text').evaluate((text) => {
  const column = text.getBoundingClientRect();
  const first = text.querySelector('p:not(.title):not(.labels) .st');
  const lines = [...first.getClientRects()];
  return {
    lang: text.closest('[lang]').getAttribute('lang'),
    direction: getComputedStyle(text).direction,
    column: { left: column.left, right: column.right },
    firstLine: { left: lines[0].left, right: lines[0].right },
    text: first.firstChild.textContent,
  };
});

try {
  // ---- a desktop: the first audit's progress, the marks, a statement's claims, the keys ----
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await desktop.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await desktop.newPage();
  watch(page);
  let release;
  await serveReview(page, new Promise((resolve) => { release = resolve; }));
  await page.goto(`${base}review`);
  await page.getByText(/23 of 56 claims measured/).waitFor();
  seen.progress = {
    status: await page.locator('#review-status').innerText(),
    bar: await page.locator('#review-progress').evaluate((b) => ({ shown: b.checkVisibility(), value: b.value, max: b.max })),
  };
  release();
  await page.locator('.st').first().waitFor();
  seen.legend = await legend(page);
  seen.coverage = await page.locator('#coverage').innerText();
  seen.claimCounts = await page.locator('#claim-counts').innerText();
  const neverWrong = page.locator('.st', { hasText: 'never wrong, just slower' });
  seen.neverWrong = await neverWrong.evaluate(drawn);
  seen.reproducedSample = await page.locator('#texts .st.m-reproduced').first().evaluate(drawn);
  await neverWrong.click();
  seen.selected = await selected(page);
  seen.panel = await panel(page);
  await page.locator('.claim .cmd button').first().click();
  seen.clipboard = await page.evaluate(() => navigator.clipboard.readText());
  // The book's pictures, cut to what they show so they stay small: the statement near the
  // top, beside the top of its claims.
  await picture(page, neverWrong, `${shots}/review-differs.png`);

  phase = 'keys';
  seen.keys = [];
  for (const key of ['n', 'p', 'd', 'p']) {
    await page.keyboard.press(key);
    seen.keys.push({ key, ...(await selected(page)) });
  }
  seen.article = await article(page);
  // The article's statement measured on a sample: its tests beside it.
  const sampled = statementOf(page, 'article-saves-work');
  await sampled.click();
  await picture(page, sampled, `${shots}/review-article.png`);
  phase = 'verdicts';
  seen.verdicts = await verdicts(page);
  await desktop.close();

  // ---- a phone: nothing wider than the screen, the claims from the bottom ----
  phase = 'phone';
  const phone = await browser.newContext({
    viewport: { width: 390, height: 664 }, isMobile: true, hasTouch: true,
  });
  const small = await phone.newPage();
  watch(small);
  await serveReview(small, Promise.resolve());
  await small.goto(`${base}review`);
  await small.locator('.st').first().waitFor();
  seen.phone = { loaded: await pageWidth(small) };
  seen.phone.keysHint = await small.locator('.keys').isVisible();
  await small.locator('.st', { hasText: 'never wrong, just slower' }).tap();
  seen.phone.selected = await pageWidth(small);
  seen.phone.panel = await panel(small);
  seen.phone.viewport = small.viewportSize();
  await bookShot(small, small, { path: `${shots}/review-phone.png` });
  await small.keyboard.press('d');
  seen.phone.afterKey = await pageWidth(small);
  await small.locator('#text-article .st').first().tap();
  seen.phone.article = await pageWidth(small);
  seen.phone.articleSet = await article(small);
  await phone.close();

  // ---- the file, with every request refused ----
  phase = 'file';
  const offline = await browser.newContext({ viewport: { width: 1280, height: 800 }, offline: true });
  const file = await offline.newPage();
  watch(file);
  const url = pathToFileURL(viewFile).href;
  seen.file = { requests: [] };
  file.on('request', (r) => {
    if (r.url() !== url) seen.file.requests.push(r.url());
  });
  await offline.route('**/*', (route) => (route.request().url() === url ? route.continue() : route.abort()));
  await file.goto(url);
  await file.locator('#claims tbody tr').first().waitFor();
  seen.file.claims = await file.locator('#claims tbody tr').evaluateAll((rows) => rows.map((r) => ({
    id: r.cells[0].innerText, status: r.cells[1].innerText, statements: r.cells[3].innerText,
  })));
  seen.file.served = await file.locator('nav').count();
  await file.locator('#claim-pitfall2-never-wrong a').first().click();
  seen.file.panel = await panel(file);
  seen.file.erratum = await file.locator('#erratum').innerText();
  phase = 'file verdicts';
  seen.file.verdicts = await verdicts(file);
} catch (e) {
  seen.problems.push(`${phase}: driver: ${e.message}`);
} finally {
  await browser.close();
}
console.log(JSON.stringify(seen));
