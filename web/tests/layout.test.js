//! Layout of every board in headless Chromium at 1280x800 and 390x844: on a desktop the turn, the
//! hints and buttons and the score line are on the first screen with the board, which fits the
//! window (the Triominos opening included); on a phone every button is at least 40 px tall. Saves a
//! screenshot of every board at both sizes.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, createRoom, start, whoseTurn, pointAndPlay, myTurnOrOver, clean, shot, SHOTS } from './helpers.js';
import { join } from 'node:path';

const GAMES = ['abalone', 'triominos', 'pinuid', 'trangouar', 'groups-of-three'];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const box = (page, sel) => page.locator(sel).first().boundingBox();

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`every board fits the screen, with its controls in view (${size})`, async () => {
    for (const game of GAMES) {
      const A = await newPlayer(browser, 'Wim', viewport);
      const code = await createRoom(A.page, game, 2);
      const B = await newPlayer(browser, 'Xia', viewport);
      await B.page.goto(`${BASE}/r/${code}`);
      await B.page.waitForSelector('#seats li[data-seat="1"].me');
      await start(A.page);
      await B.page.waitForSelector('#board svg.board-svg');
      const page = (await whoseTurn([A, B])).page;
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(SHOTS, `layout-${game}-${size}.png`) });
      const { height } = viewport;
      if (size === 'desktop') {
        // On the first screen: whose turn, the hint and the buttons, the score line.
        for (const sel of ['#turn', '#board-panel', '.board-info']) {
          const b = await box(page, sel);
          assert.ok(b && b.y + b.height <= height, `${game}: ${sel} is on the first screen (bottom ${b && Math.round(b.y + b.height)})`);
        }
        for (const b of await page.locator('#board-panel button').all()) {
          const r = await b.boundingBox();
          assert.ok(r.y + r.height <= height, `${game}: "${await b.textContent()}" is on the first screen`);
        }
        // The board fits in the window, and is not a large empty box.
        const svg = await box(page, '#board svg.board-svg');
        assert.ok(svg.y + svg.height <= height + 1, `${game}: the board fits (bottom ${Math.round(svg.y + svg.height)})`);
        const drawn = await page.$eval('#board svg.board-svg', (s) => {
          const r = s.getBBox();
          const vb = s.viewBox.baseVal;
          return (r.width * r.height) / (vb.width * vb.height);
        });
        assert.ok(drawn > 0.2 || svg.height <= 160, `${game}: the board is mostly drawing, not a large blank box (${drawn.toFixed(2)} of ${Math.round(svg.height)}px)`);
      } else {
        for (const b of await page.locator('#board-panel button, #room-controls button, #chat-form button, .rack .tile').all()) {
          const r = await b.boundingBox();
          if (!r) continue;
          assert.ok(r.height >= 40, `${game}: "${(await b.textContent()).trim()}" is ${r.height}px tall`);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `${game}: no sideways scrolling (${overflow}px)`);
      }
      for (const p of [A, B]) {
        clean(p.page);
        await p.ctx.close();
      }
    }
  });
}

/** The lit things to tap on the board smaller than 40 px either way: [label, width, height]. */
const smallTargets = (page) => page.$$eval('#board [data-act]', (els) => els
  .map((e) => [e.getAttribute('aria-label') || e.textContent, e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && (r.width < 40 || r.height < 40))
  .map(([l, r]) => [l, Math.round(r.width), Math.round(r.height)]));

/**
 * On a phone every lit target is at least 40 px: Groups-of-Three's spaces around the centre,
 * Triominos' cells, Abalone's marbles and arrows and Trangouar's intersections are small on a
 * 390 px screen, so the board zooms in (and scrolls in its frame) while such a target is lit.
 * Checked at every step of several turns, pieces selected and not (Trangouar's secret setup too).
 */
for (const game of ['groups-of-three', 'triominos', 'pinuid', 'abalone', 'trangouar']) {
  test(`on a phone, every lit target of ${game} is at least 40 px`, async () => {
    const A = await newPlayer(browser, 'Tap', SIZES.phone);
    await createRoom(A.page, game, 2);
    await start(A.page, true);
    let checked = 0;
    let zoomed = 0;
    for (let i = 0; i < 14; i++) {
      if (!(await myTurnOrOver(A.page))) break;
      // Select a piece (or a tile) first when there is one, and measure what is lit then.
      const pick = A.page.locator('#board [data-act="select"]:not(.selected), .rack .tile[data-act="select"]').last();
      if (await pick.count()) {
        await pick.click();
        assert.deepEqual(await smallTargets(A.page), [], `${game}: small targets after a selection`);
        checked++;
        if (await A.page.locator('#board .board-scroll.zoomed').count()) zoomed++;
        if (zoomed === 1) await shot(A.page, `tap-zoomed-${game}-phone`);
        await A.page.keyboard.press('Escape');
      }
      assert.deepEqual(await smallTargets(A.page), [], `${game}: small targets`);
      if (await A.page.locator('#submit-setup').count()) {
        // Trangouar's setup, measured above with a cube being made: sent from an example.
        await A.page.click('[data-example="0"]');
        await A.page.click('#submit-setup');
        await A.page.waitForSelector('#submit-setup', { state: 'detached' });
        continue;
      }
      // Groups-of-Three by keyboard: its spaces' outlines overlap, so a click at the middle of a
      // space's box may land on a neighbour (and the turn would wait out its time).
      await pointAndPlay(A.page, { keyboard: game === 'groups-of-three' }).catch(() => {});
    }
    assert.ok(checked > 0, `${game}: something was selected and measured`);
    const overflow = await A.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `${game}: no sideways scrolling of the page (${overflow}px)`);
    clean(A.page);
    await A.ctx.close();
  });
}

test('on a phone, Groups-of-Three zooms in to the spaces around the centre, every target 40 px', async () => {
  const A = await newPlayer(browser, 'Mid', SIZES.phone);
  await createRoom(A.page, 'groups-of-three', 2);
  await start(A.page, true);
  // Pieces walk towards the centre: each step picks the piece and then the space nearest to it.
  const nearest = (sel) => A.page.evaluate((q) => {
    const c = document.querySelector('#board [data-space="C"]').getBoundingClientRect();
    let best = null;
    let dist = Infinity;
    for (const e of document.querySelectorAll(q)) {
      const r = e.getBoundingClientRect();
      const d = Math.hypot(r.x + r.width / 2 - c.x - c.width / 2, r.y + r.height / 2 - c.y - c.height / 2);
      if (d < dist) {
        dist = d;
        best = e.dataset.space;
      }
    }
    return best;
  }, sel);
  let zoomed = 0;
  for (let i = 0; i < 80 && zoomed < 2; i++) {
    if (!(await myTurnOrOver(A.page))) break;
    const version = await A.page.getAttribute('#room', 'data-version');
    const piece = await nearest('#board [data-act="select"]');
    if (piece) {
      // By keyboard: the spaces' outlines overlap, so a click at a box's middle may land on a neighbour.
      await A.page.locator(`#board [data-space="${piece}"]`).focus();
      await A.page.keyboard.press('Enter');
      assert.deepEqual(await smallTargets(A.page), [], 'small targets');
      if (await A.page.locator('#board .board-scroll.zoomed').count()) {
        zoomed++;
        const overflow = await A.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `the zoomed board scrolls in its frame, not the page (${overflow}px)`);
        await shot(A.page, 'tap-zoomed-groups-of-three-phone');
      }
      const to = await nearest('#board [data-act="target"]');
      if (to) {
        await A.page.locator(`#board [data-space="${to}"]`).focus();
        await A.page.keyboard.press('Enter');
      }
    } else {
      await A.page.locator('#board [data-act="target"], #board-panel #end-turn').first().focus();
      await A.page.keyboard.press('Enter');
    }
    await A.page.waitForFunction((v) => document.querySelector('#room').dataset.version !== v, version, { timeout: 5000 }).catch(() => {});
  }
  assert.ok(zoomed > 0, 'a piece next to the small spaces was selected and the board zoomed in');
  const overflow = await A.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the zoomed board scrolls in its frame, not the page (${overflow}px)`);
  clean(A.page);
  await A.ctx.close();
});
