//! The small things people read, in headless Chromium at a desktop and a phone size: no internal
//! code or raw value on a page (Groups-of-Three's space names, hidden setups, option values), a
//! draw said once, a history page without dice for a game without luck, players with the same
//! name told apart, both colours of a 2-player Groups-of-Three seat, and Pinuid's highlights.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, describe, launch, newPlayer, createRoom, start, pointAndPlay, waitPly, whoseTurn, shot, clean } from './helpers.js';

/** Internal names: Groups-of-Three spaces, option values, undefined or null. */
const RAW = /\b(k(NE|NW|SE|SW)[xyz]|s[0-7][xyz]|t[ENWS]|[abd][0-7]|undefined|null|NaN|others_minus_own|round_winner)\b|\[object/;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function pair(game, viewport, names, options = {}) {
  const A = await newPlayer(browser, names[0], viewport);
  const code = await createRoom(A.page, game, 2, options);
  const B = await newPlayer(browser, names[1], viewport);
  await B.page.goto(`${BASE}/r/${code}`);
  await B.page.waitForSelector('#seats li[data-seat="1"].me');
  await start(A.page);
  await B.page.waitForSelector('#board svg.board-svg');
  return { A, B, code };
}

async function done(...players) {
  for (const p of players) {
    clean(p.page);
    await p.ctx.close();
  }
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`groups-of-three speaks in words; two colours per seat with 2 players; same names told apart (${size})`, async () => {
    const { A, B } = await pair('groups-of-three', viewport, ['Alice', 'Alice']);
    // Each seat shows its two colours, and the two Alices are told apart.
    for (const seat of [0, 1]) assert.equal(await A.page.locator(`#seats li[data-seat="${seat}"] .swatch`).count(), 2);
    const names = await A.page.$$eval('#seats .seat-name', (e) => e.map((x) => x.textContent));
    assert.notEqual(names[0], names[1], `told apart: ${names}`);
    // Six steps, whoever's they are, pointing at what is lit (a turn is several steps).
    const goal = Number(await A.page.getAttribute('#room', 'data-ply')) + 6;
    while (Number(await A.page.getAttribute('#room', 'data-ply')) < goal) {
      const mover = (await whoseTurn([A, B])).page;
      const before = Number(await mover.getAttribute('#room', 'data-version'));
      const el = mover.locator('#board [data-act="target"], #board [data-act="select"]:not(.selected), #board-panel #end-turn').first();
      const what = await el.evaluate((e) => `${e.dataset.act || e.id} ${e.getAttribute('aria-label') || ''}`);
      // By keyboard: the board's outlined spaces overlap, so a pointer may land on a neighbour.
      await el.focus();
      await mover.keyboard.press('Enter');
      await mover.waitForFunction((v) => Number(document.querySelector('#room').dataset.version) > v || document.querySelector('#board .selected'), before, { timeout: 5000 })
        .catch(async (e) => { throw new Error(`${what}: ${await describe(mover)} ${e}`); });
    }
    const seen = `${await A.page.textContent('#board')} ${await A.page.textContent('#events')} ${await A.page.textContent('#last-move')}`;
    assert.doesNotMatch(seen, RAW, 'no internal space names');
    assert.match(await A.page.textContent('#events'), /moved from|added a piece|took a piece out/);
    await shot(A.page, `groups-of-three-2p-${size}`);
    await done(A, B);
  });

  test(`a drawn match says Draw once; its history has no dice, no raw values and no undefined (${size})`, async () => {
    const A = await newPlayer(browser, 'Quin', viewport);
    await createRoom(A.page, 'abalone', 2, { max_plies: 2, cap_result: 'draw' });
    await start(A.page, true);
    await pointAndPlay(A.page);
    await A.page.waitForSelector('#result:not([hidden])');
    const banner = await A.page.textContent('#result');
    assert.match(banner, /^Draw · Move limit reached/);
    assert.equal(banner.match(/Draw/g).length, 1, banner);
    await A.page.click('#history-link');
    await A.page.waitForSelector('#board[data-ply="2"] svg.board-svg');
    await A.page.waitForSelector('#match-options li');
    const page = await A.page.textContent('#match');
    assert.doesNotMatch(page, /Fair dice/);
    assert.doesNotMatch(page, RAW);
    assert.match(await A.page.textContent('#match-options'), /At the move limit: A draw/);
    await shot(A.page, `abalone-history-draw-${size}`);
    await done(A);
  });

  test(`trangouar in play: its history page shows hidden setups in words (${size})`, async () => {
    const { A, B } = await pair('trangouar', viewport, ['Rosa', 'Sven']);
    await A.page.click('[data-example="0"]');
    await A.page.click('#submit-setup');
    await A.page.waitForSelector('#board-panel:has-text("Your setup is in")');
    const id = await A.page.evaluate(() => window.__plateau.page.state.room.match);
    await B.page.goto(`${BASE}/m/${id}`);
    await B.page.waitForSelector('#moves li');
    const moves = await B.page.textContent('#moves');
    // Two players: numbered rows, each move named with its player for screen readers.
    assert.match(moves, /^1\. a secret setup/);
    assert.match(await B.page.getAttribute('#moves li[data-ply="1"] button', 'aria-label'), /Rosa.*a secret setup/);
    assert.doesNotMatch(await B.page.textContent('#match'), RAW);
    await done(A, B);
  });

  test(`groups-of-three with 3 players and red left out: the colours the view names, on the board and the seats (${size})`, async () => {
    const A = await newPlayer(browser, 'Wren', viewport);
    await createRoom(A.page, 'groups-of-three', 3, { three_player_omitted: 'red' });
    await start(A.page, true);
    await A.page.waitForSelector('#board .board-info .chip');
    const view = await A.page.evaluate(() => window.__plateau.page.state.view.state.colours.map((c) => c.name));
    assert.deepEqual(view, ['blue', 'green', 'yellow']);
    // The score line names them, the pieces and the seats wear them; no red anywhere.
    // Read once the board shows the current view (a bot's move may be redrawing it).
    const chipNames = () => A.page.$$eval('#board .board-info .chip', (c) => c.map((x) => x.textContent.split(' ')[0]));
    await A.page.waitForFunction(() => [...document.querySelectorAll('#board .board-info .chip')].map((x) => x.textContent.split(' ')[0]).join() === 'Blue,Green,Yellow', null, { timeout: 5000 }).catch(() => {});
    assert.deepEqual(await chipNames(), ['Blue', 'Green', 'Yellow']);
    const paint = { blue: 'rgb(47, 111, 214)', green: 'rgb(47, 154, 69)', yellow: 'rgb(230, 184, 30)', red: 'rgb(201, 59, 59)' };
    // Read once the board is drawn and styled (a redraw may be under way when the bots answer).
    const fills = await A.page.waitForFunction(() => {
      const f = [...document.querySelectorAll('#board circle.piece')].map((x) => getComputedStyle(x).fill);
      return f.length && f.every((x) => x.startsWith('rgb')) && f;
    });
    const pieces = new Set(await fills.jsonValue());
    assert.ok(pieces.size > 0);
    for (const f of pieces) assert.ok([paint.blue, paint.green, paint.yellow].includes(f), `a piece in ${f}`);
    // In one evaluation: the seats list is redrawn by every room frame, and a detached swatch has no style.
    // A swatch is the seat's mark (a shape) painted in its colour.
    const seats = await A.page.evaluate(() => [...document.querySelectorAll('#seats li .swatch > *')].map((x) => getComputedStyle(x).fill));
    assert.deepEqual(seats, [paint.blue, paint.green, paint.yellow]);
    await shot(A.page, `groups-of-three-3p-no-red-${size}`);
    await done(A);
    // Two players on adjacent corners: each seat shows its two colours.
    const B = await newPlayer(browser, 'Xan', viewport);
    await createRoom(B.page, 'groups-of-three', 2, { two_player_colours: 'adjacent' });
    await start(B.page, true);
    await B.page.waitForSelector('#board .board-info .chip');
    const two = await B.page.evaluate(() => [...document.querySelectorAll('#seats li')].map((x) => [...x.querySelectorAll('.swatch > *')].map((s) => getComputedStyle(s).fill)));
    assert.deepEqual(two, [[paint.red, paint.blue], [paint.green, paint.yellow]]);
    const owners = await B.page.evaluate(() => window.__plateau.page.state.view.state.colours.map((c) => `${c.name}:${c.seat}`));
    assert.deepEqual(owners, ['red:0', 'blue:0', 'green:1', 'yellow:1']);
    await done(B);
  });

  test(`pinuid: the last move's two squares differ, and "can move" shows on yellow pieces (${size})`, async () => {
    const { A, B } = await pair('pinuid', viewport, ['Tara', 'Ugo']);
    const mover = await whoseTurn([A, B]);
    await pointAndPlay(mover.page);
    await waitPly(A.page, 1);
    const fills = await A.page.evaluate(() => [...document.querySelectorAll('#board rect.last, #board rect.last-from')].map((r) => `${r.classList.contains('last') ? 'to' : 'from'}:${getComputedStyle(r).fill}`));
    assert.equal(fills.length, 2, String(fills));
    assert.notEqual(fills[0].split(':')[1], fills[1].split(':')[1], 'from and to in different colours');
    await done(A, B);
    // Quatro with 4 (one seat is yellow): the "can move" ring is in none of the seats' colours.
    const C = await newPlayer(browser, 'Vera', viewport);
    await createRoom(C.page, 'pinuid', 4);
    await start(C.page, true);
    await whoseTurn([C]);
    const ring = await C.page.$eval('#board [data-act="select"] circle.movable', (c) => getComputedStyle(c).stroke);
    for (const seat of ['rgb(214, 69, 69)', 'rgb(63, 127, 214)', 'rgb(60, 154, 74)', 'rgb(227, 181, 44)', 'rgb(255, 210, 74)']) assert.notEqual(ring, seat);
    await shot(C.page, `pinuid-quatro-${size}`);
    await done(C);
  });
}
