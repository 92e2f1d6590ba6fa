//! Abalone's direction arrows on every board orientation (2 players seen from either seat, 3 and 4
//! players), at a desktop and a phone size: the arrow a player presses must point, and sit, the way
//! the marble then moves on the screen. Checked geometrically, from where things are drawn.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, createRoom, start, waitPly, whoseTurn, shot, clean } from './helpers.js';

/** The rules' directions as (Δletter, Δnumber). */
const STEPS = { E: [0, 1], NE: [1, 1], NW: [1, 0], W: [0, -1], SW: [-1, -1], SE: [-1, 0] };

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The centre of what `loc` finds on the screen (again if a redraw replaced it meanwhile). */
const centre = async (loc) => {
  for (let i = 0; i < 20; i++) {
    const b = await loc.boundingBox();
    if (b) return [b.x + b.width / 2, b.y + b.height / 2];
  }
  throw new Error(`${loc} is not on the screen`);
};
const angle = (a, b) => {
  const dot = a[0] * b[0] + a[1] * b[1];
  return (Math.acos(Math.max(-1, Math.min(1, dot / Math.hypot(...a) / Math.hypot(...b)))) * 180) / Math.PI;
};

/**
 * The player on `page` moves one marble alone by its first arrow, and checks that the arrow and the
 * arrow's place agree with the marble's displacement on the screen.
 */
async function checkArrow(page, label) {
  const legal = await page.evaluate(() => window.__plateau.page.state.view.you.legal);
  const single = legal.find((m) => m.marbles.length === 1);
  assert.ok(single, 'a single marble can move');
  const cell = single.marbles[0];
  const marble = page.locator(`#board g.marble[data-cell="${cell}"]`);
  await marble.click();
  const arrow = page.locator('#board g.arrow').first();
  await arrow.waitFor();
  const from = await centre(marble);
  // Where the drawn arrow points on the screen (x right, y up): from the middle of its tail to its
  // tip (the shape's first corner), mapped to the screen.
  const points = await arrow.locator('polygon.glyph').evaluate((p) => {
    const m = p.getScreenCTM();
    const corners = [...p.points].map((q) => new DOMPoint(q.x, q.y).matrixTransform(m));
    const tail = [(corners[3].x + corners[4].x) / 2, (corners[3].y + corners[4].y) / 2];
    return [corners[0].x - tail[0], tail[1] - corners[0].y];
  });
  const at = await centre(arrow);
  await shot(page, `abalone-arrows-${label}`);
  const dir = await arrow.getAttribute('data-dir');
  // Where the rules send the marble (bots may move right after, so not "the last marble moved").
  const dest = `${String.fromCharCode(cell.charCodeAt(0) + STEPS[dir][0])}${Number(cell.slice(1)) + STEPS[dir][1]}`;
  // Measured on the same drawing as the marble and the arrow: on a phone the board zooms in while
  // marbles are lit, and fits the screen again once the move is made.
  const to = await centre(page.locator(`#board circle.hole[data-cell="${dest}"]`));
  const ply = Number(await page.getAttribute('#room', 'data-ply'));
  await arrow.click();
  await waitPly(page, ply + 1);
  const moved = [to[0] - from[0], from[1] - to[1]]; // y up, as `points`
  const placed = [at[0] - from[0], from[1] - at[1]];
  assert.ok(Math.hypot(...moved) > 5, `${label}: the marble moved on the screen`);
  assert.ok(Math.hypot(...points) > 3, `${label}: an arrow is drawn (${points.map(Math.round)})`);
  assert.ok(angle(points, moved) <= 25, `${label}: the arrow (${points.map(Math.round)}) points the way the marble went (${moved.map(Math.round)})`);
  assert.ok(angle(placed, moved) <= 25, `${label}: the arrow sits on the side the marble went`);
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`abalone arrows point where the marble goes, 2 players, both seats (${size})`, async () => {
    const A = await newPlayer(browser, 'Alice', viewport);
    const code = await createRoom(A.page, 'abalone', 2);
    const B = await newPlayer(browser, 'Bob', viewport);
    await B.page.goto(`${BASE}/r/${code}`);
    await B.page.waitForSelector('#seats li[data-seat="1"].me');
    await start(A.page);
    await B.page.waitForSelector('#board svg.board-svg');
    await whoseTurn([A]);
    await checkArrow(A.page, `2p-seat0-${size}`);
    await whoseTurn([B]);
    await checkArrow(B.page, `2p-seat1-${size}`);
    for (const p of [A, B]) {
      clean(p.page);
      await p.ctx.close();
    }
  });

  test(`abalone arrows point where the marble goes, 3 and 4 players (${size})`, async () => {
    const A = await newPlayer(browser, 'Dora', viewport);
    for (const players of [3, 4]) {
      await createRoom(A.page, 'abalone', players);
      await start(A.page, true);
      await whoseTurn([A]);
      await checkArrow(A.page, `${players}p-${size}`);
    }
    clean(A.page);
    await A.ctx.close();
  });
}
