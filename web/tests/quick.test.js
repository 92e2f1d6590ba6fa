//! "Play now" in the lobby (quick pairing), in headless Chromium against the real server: two
//! players who press it for the same game, player count and clock end up seated in the same room;
//! a rated ask always has a clock.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, clean, shot } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Picks Pinuid for 2 with a clock no other test uses (so no room of theirs can match), presses
 *  Play now, and returns the room code the page went to. */
async function playNow(page) {
  await page.waitForSelector('#play-now:not([disabled])');
  await page.selectOption('#quick-game', 'pinuid');
  await page.selectOption('#quick-players', '2');
  await page.selectOption('#quick-clock', 'corr7');
  await shot(page, `quick-${page.viewportSize().width}`);
  await page.click('#play-now');
  await page.waitForURL(/\/r\/[A-Z0-9]+$/);
  return new URL(page.url()).pathname.split('/').pop();
}

test('two players who press Play now for the same game end up in the same room', async () => {
  const A = await newPlayer(browser, 'Quinn', SIZES.desktop);
  const first = await playNow(A.page);
  await A.page.waitForSelector('#seats li[data-seat="0"].me');

  const B = await newPlayer(browser, 'Robin', SIZES.phone);
  const second = await playNow(B.page);
  assert.equal(second, first, 'the second player is sent to the first one\'s room');
  // Seated, and (a public room draws its seats at the start, which comes at once) either seat.
  await B.page.waitForSelector('#seats li.me');
  await A.page.waitForSelector('#seats li.me');
  await A.page.waitForSelector('#seats li:not(.me).on');
  // The paired match starts by itself: nobody reads "Waiting for players." beside a Start button.
  for (const p of [A, B]) {
    await p.page.waitForSelector('#room[data-status="playing"]');
    assert.equal(await p.page.locator('#start').count(), 0);
    assert.doesNotMatch(await p.page.textContent('#room'), /Waiting for (players|the host)/);
  }
  await shot(A.page, 'quick-started-desktop');
  await shot(B.page, 'quick-started-phone');

  for (const p of [A, B]) {
    clean(p.page);
    await p.ctx.close();
  }
});

test('a player whose quick room filled up before it joined is paired again', async () => {
  // Sam and Tess fill a room of the kind Uma asks for; Uma's tab holds what "Play now" leaves
  // behind when the server offered that room (the seat is not held, and Tess took it first).
  const S = await newPlayer(browser, 'Sam', SIZES.desktop);
  const full = await playNow(S.page);
  await S.page.waitForSelector('#seats li[data-seat="0"].me');
  const T = await newPlayer(browser, 'Tess', SIZES.desktop);
  assert.equal(await playNow(T.page), full);
  // Seated (either seat: the match starts at once, and a public room draws its seats).
  await T.page.waitForSelector('#seats li.me');

  const U = await newPlayer(browser, 'Uma', SIZES.desktop);
  const ask = { game: 'pinuid', players: 2, clock: { kind: 'correspondence', days: 7 }, rated: false };
  await U.page.evaluate(([ask, code]) => sessionStorage.setItem('plateau.quick', JSON.stringify({ ask, code, tries: 0 })), [ask, full]);
  await U.page.goto(`${BASE}/r/${full}`);
  // The room is full when the page opens it: the page asks again and goes to a room with a free
  // seat (Uma's own, new).
  await U.page.waitForURL((url) => /\/r\/[A-Z0-9]+$/.test(url.pathname) && !url.pathname.endsWith(full));
  await U.page.waitForSelector('#seats li[data-seat="0"].me');

  for (const p of [S, T, U]) {
    clean(p.page);
    await p.ctx.close();
  }
});

test('Play now never asks for a rated room without a clock', async () => {
  const A = await newPlayer(browser, 'Vera', SIZES.desktop);
  await A.page.waitForSelector('#play-now:not([disabled])');
  await A.page.selectOption('#quick-clock', 'none');
  await A.page.check('#quick-rated');
  // "No clock" is off while Rated is ticked: the clock moved to Rapid 15+10, and the form says so.
  assert.equal(await A.page.inputValue('#quick-clock'), 'rapid');
  assert.ok(await A.page.locator('#quick-clock option[value="none"]').isDisabled());
  assert.match(await A.page.textContent('#quick-note'), /A rated match needs a clock: Rapid 15\+10 was picked/);
  // What the button sends (answered here, so that no room is made for it).
  let asked = null;
  await A.page.route('**/api/v1/rooms/quick', (route) => {
    asked = JSON.parse(route.request().postData());
    return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'bad_request', message: 'stopped by the test' } }) });
  });
  await A.page.click('#play-now');
  await A.page.waitForSelector('#quick .error:text("stopped by the test")');
  assert.equal(asked.rated, true);
  assert.deepEqual(asked.clock, { kind: 'fischer', initial_s: 900, increment_s: 10 });
  // Unticked, "No clock" can be picked again, and the note goes.
  await A.page.uncheck('#quick-rated');
  assert.ok(await A.page.locator('#quick-clock option[value="none"]').isEnabled());
  assert.ok(await A.page.isHidden('#quick-note'));
  clean(A.page);
  await A.ctx.close();
});

test('a room created with "Start when full" starts once the last seat is taken, at both sizes', async () => {
  const A = await newPlayer(browser, 'Vera', SIZES.desktop);
  await A.page.goto(`${BASE}/`);
  await A.page.waitForSelector('#create-form');
  await A.page.selectOption('#game', 'pinuid');
  await A.page.selectOption('#players', '2');
  await A.page.check('#auto-start');
  await A.page.click('#create');
  await A.page.waitForURL(/\/r\/[A-Z0-9]+$/);
  const code = A.page.url().split('/r/')[1];
  await A.page.waitForSelector('#auto-start-note');
  assert.match(await A.page.textContent('#auto-start-note'), /starts by itself/);
  await shot(A.page, 'auto-start-waiting');

  const B = await newPlayer(browser, 'Walt', SIZES.phone);
  await B.page.goto(`${BASE}/r/${code}`);
  for (const p of [A, B]) await p.page.waitForSelector('#room[data-status="playing"]');
  assert.equal(await A.page.locator('#start').count(), 0);
  await shot(B.page, 'auto-start-started-phone');
  for (const p of [A, B]) {
    clean(p.page);
    await p.ctx.close();
  }
});
