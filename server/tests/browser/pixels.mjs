// The colours of regions of a screenshot, as the PNG has them: Chromium decodes the file in
// a blank page of its own and the pixels of each region are counted by colour (red, green,
// blue, count). The test judges the colours.

/** Where `selector`'s first match is on screen, as a screenshot's pixels. */
export async function region(page, selector) {
  return page.locator(selector).first().evaluate((n) => {
    const r = n.getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width, height: r.height };
  });
}

/** For each named region of the PNG in `png` (a Buffer): its size, and how many of its
 * pixels have each colour, the most common first. */
export async function colours(browser, png, regions) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(async ({ data, regions }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      context.drawImage(image, 0, 0);
      const out = { width: canvas.width, height: canvas.height, regions: {} };
      for (const [name, r] of Object.entries(regions)) {
        const x = Math.max(0, Math.round(r.x));
        const y = Math.max(0, Math.round(r.y));
        const w = Math.min(canvas.width, Math.round(r.x + r.width)) - x;
        const h = Math.min(canvas.height, Math.round(r.y + r.height)) - y;
        if (w <= 0 || h <= 0) {
          out.regions[name] = { x, y, width: 0, height: 0, colours: [] };
          continue;
        }
        const pixels = context.getImageData(x, y, w, h).data;
        const counts = new Map();
        for (let i = 0; i < pixels.length; i += 4) {
          const key = (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
          counts.set(key, (counts.get(key) || 0) + 1);
        }
        const list = [...counts].sort((a, b) => b[1] - a[1])
          .map(([key, n]) => [key >> 16, (key >> 8) & 255, key & 255, n]);
        out.regions[name] = { x, y, width: w, height: h, colours: list };
      }
      return out;
    }, { data: png.toString('base64'), regions });
  } finally {
    await page.close();
  }
}
