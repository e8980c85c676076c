// The page at a phone's width (390 px, a phone's viewport of 664 px tall): what is where on
// the first screen, whether anything makes the page scroll sideways, and how wide content
// (the command, the tables, the chart) is shown instead.

import { field, text } from './read.mjs';

const VIEWPORT = { width: 390, height: 664 };

/** How far the page itself scrolls sideways: its content's width against the viewport's. */
function pageWidth(page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

/** Where a control is on the first screen: its box, and whether a person can see it. */
async function place(page, locator) {
  const box = await locator.boundingBox();
  return { ...box, visible: await locator.isVisible() };
}

/** How a box that may scroll its own content shows it: the content's width and the box's,
 * the height of its content area (no padding, no scroll bar) beside its font size, and how
 * it wraps. */
function boxOf(n) {
  const style = getComputedStyle(n);
  return {
    scrollWidth: n.scrollWidth,
    clientWidth: n.clientWidth,
    contentHeight: n.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
    fontSize: parseFloat(style.fontSize),
    whiteSpace: style.whiteSpace,
    overflowX: style.overflowX,
  };
}

function scrollBox(page, selector) {
  return page.locator(selector).first().evaluate(boxOf);
}

/** The page at 390 px; `prepare` readies a new page as the desktop's was (its routes). */
export async function phone(browser, base, screenshot, prepare) {
  const page = await browser.newPage({ viewport: VIEWPORT, isMobile: true, hasTouch: true });
  await prepare(page);
  page.setDefaultTimeout(30000);
  try {
    await page.goto(base);
    const seen = { viewport: VIEWPORT, try: await pageWidth(page) };
    seen.first = {
      board: await place(page, page.locator('#board')),
      mode: await place(page, field(page, 'mode')),
      depth: await place(page, field(page, 'depth limit')),
      reduction: await place(page, field(page, 'reduction R')),
      step: await place(page, page.getByRole('button', { name: 'Step', exact: true })),
      run: await place(page, page.getByRole('button', { name: 'Run', exact: true })),
      reset: await place(page, page.getByRole('button', { name: 'Reset' })),
      guard: await place(page, field(page, 'minimum probe depth')),
      guardsOpen: await page.locator('#more').evaluate((d) => d.open),
    };
    // The pitfall run to its end, as on a desktop: still nothing wider than the screen.
    await page.getByRole('button', { name: 'Run', exact: true }).tap();
    await page.locator('#result').waitFor();
    seen.afterRun = await pageWidth(page);
    seen.command = { text: await text(page, '#command'), ...(await scrollBox(page, '#command')) };
    await page.screenshot({ path: screenshot, fullPage: true });

    await page.getByRole('link', { name: 'Sweep' }).tap();
    await page.locator('#sweep-table tbody tr').first().waitFor({ timeout: 120000 });
    await page.locator('#sweep-chart').evaluate((img) => img.decode());
    seen.sweep = {
      page: await pageWidth(page),
      chart: await page.locator('#sweep-chart').evaluate((img) => ({
        shownWidth: img.clientWidth, naturalWidth: img.naturalWidth,
      })),
      chartBox: await scrollBox(page, '.chart-box'),
      tableBox: await scrollBox(page, '#view-sweep .table-box'),
    };

    await page.getByRole('link', { name: 'Audit' }).tap();
    await page.locator('#audit-table tbody tr').first().waitFor({ timeout: 120000 });
    seen.audit = {
      page: await pageWidth(page),
      tableBox: await scrollBox(page, '#view-audit .table-box'),
      // Every replay command: one line, in a block that scrolls sideways when it is longer.
      replays: await Promise.all((await page.locator('#audit-table code.replay').all())
        .map((code) => code.evaluate(boxOf))),
    };
    return seen;
  } finally {
    await page.close();
  }
}
