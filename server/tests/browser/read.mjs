// What the page shows, read as a person sees it: visible text, the board's marks and
// markings, where each log line starts on screen. Nothing here judges; serve_browser.rs does.

/** The form field a label names: the label's own words come first, before the words of the
 * options a menu holds (a menu's options may say "depth limit" too). */
export function field(page, name) {
  return page.getByLabel(new RegExp(`^${name}`));
}

export async function text(page, selector) {
  const node = page.locator(selector);
  return (await node.isVisible()) ? node.innerText() : null;
}

/** The position field and the nine cells: each cell's mark, and how it is marked. */
export async function board(page) {
  return {
    notation: await page.getByLabel('position', { exact: true }).inputValue(),
    ...(await page.locator('#board').evaluate((b) => {
      const where = (name) => [...b.children].filter((c) => c.classList.contains(name))
        .map((c) => Number(c.dataset.cell));
      const state = document.getElementById('board-state');
      return {
        cells: [...b.children].map((c) => c.innerText),
        labels: [...b.children].map((c) => c.getAttribute('aria-label')),
        played: where('played'),
        latest: where('latest'),
        invalid: where('invalid'),
        missing: where('missing'),
        inProbe: b.classList.contains('in-probe'),
        passing: b.classList.contains('passing'),
        caption: state.hidden ? null : state.innerText,
        // The numbers drawn in the cells' corners, as the log numbers cells.
        numbers: [...b.children].map((c) => getComputedStyle(c, '::before').content),
      };
    })),
  };
}

/** Each log line's text, where its text starts on screen (its indentation), its event, and
 * whether it is the one highlighted as the newest. */
export async function lines(page) {
  return page.locator('#log .line').evaluateAll((nodes) => {
    // One range for every reading: the page keeps each live range up to date on every change
    // of the document, and thousands of them slowed each later change of the form from
    // about 1 ms to 17.
    const range = (window.measuringRange ??= document.createRange());
    const seen = nodes.map((n) => {
      range.selectNodeContents(n);
      const first = range.getClientRects()[0];
      const left = first ? first.left - n.getBoundingClientRect().left : 0;
      return {
        text: n.innerText, event: n.dataset.event, depth: Number(n.dataset.depth), left,
        current: n.classList.contains('current'),
      };
    });
    range.collapse(true);
    return seen;
  });
}

/** The log, the status and the result after a search ran to its end. */
export async function outcome(page) {
  return {
    lines: await lines(page),
    status: await text(page, '#status'),
    verdict: await text(page, '#verdict'),
    warning: await text(page, '#warning'),
    tableShown: await page.locator('#moves').isVisible(),
    moves: await page.locator('#moves tbody tr').evaluateAll((rows) =>
      rows.map((r) => [...r.cells].map((c) => c.innerText))),
    chosenCells: await page.locator('#board .cell.chosen').evaluateAll((n) => n.map((c) => Number(c.dataset.cell))),
    bestCells: await page.locator('#board .cell.best').evaluateAll((n) => n.map((c) => Number(c.dataset.cell))),
    focused: await page.evaluate(() => document.activeElement && document.activeElement.id),
  };
}

/** Where the stepping stands: the status, the log's length and newest line, the board. */
export async function stepState(page) {
  const all = await lines(page);
  return {
    status: await text(page, '#status'),
    count: all.length,
    current: all.filter((l) => l.current).map((l) => l.text),
    last: all.length ? all[all.length - 1].text : null,
    board: await board(page),
  };
}

/** Runs in the page: every (depth limit, R), every guard menu's options a person can pick,
 * each with the command the page then shows, and the greyed-out ones (menu and value). */
export function offeredGuards() {
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
