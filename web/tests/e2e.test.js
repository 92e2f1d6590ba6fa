//! End-to-end tests of the web client in headless Chromium against a real Plateau server
//! (PLATEAU_URL, started by run.sh): every game played by pointing from two browsers that joined
//! by the room link, a reload and a dropped connection mid-match, a spectator, a refused move, the
//! lobby, a phone-sized screen, and the replay of a finished match.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE, launch, newPlayer, createRoom, openRoom, start, pointAndPlay, waitPly, ply, whoseTurn, shot, clean,
} from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Two players in a private room of `game`, joined through the link, match started. */
async function pair(game, options = {}, names = ['Alice', 'Bob']) {
  const A = await newPlayer(browser, names[0]);
  const code = await createRoom(A.page, game, 2, options);
  const link = await A.page.getAttribute('#room-link', 'href');
  assert.equal(link, `/r/${code}`);
  const B = await newPlayer(browser, names[1]);
  await B.page.goto(`${BASE}${link}`);
  await B.page.waitForSelector('#seats li[data-seat="1"].me');
  await A.page.waitForSelector('#seats li[data-seat="1"].on');
  await start(A.page);
  await B.page.waitForSelector('#board svg.board-svg');
  return { A, B, code };
}

/** Plays `count` plies by pointing, whoever's turn it is, checking both pages follow. */
async function playPlies(players, count, opts = {}) {
  const seen = new Set();
  for (let i = 0; i < count; i++) {
    const before = await ply(players[0].page);
    const mover = await whoseTurn(players);
    seen.add(mover);
    await pointAndPlay(mover.page, opts);
    for (const p of players) await waitPly(p.page, before + 1);
  }
  return seen;
}

async function closeAll(...players) {
  for (const p of players) {
    clean(p.page);
    await p.ctx.close();
  }
}

for (const [game, options, plies] of [
  ['pinuid', {}, 4],
  ['triominos', {}, 4],
  ['groups-of-three', {}, 4],
]) {
  test(`${game}: two browsers play by pointing and see each other's moves`, async () => {
    const { A, B } = await pair(game, options);
    const movers = await playPlies([A, B], plies);
    assert.ok(movers.size >= 1);
    // Both sides hold the same position.
    const va = await A.page.evaluate(() => JSON.stringify(window.__plateau.page.state.view.state.board));
    const vb = await B.page.evaluate(() => JSON.stringify(window.__plateau.page.state.view.state.board));
    assert.equal(va, vb);
    assert.notEqual(await A.page.textContent('#events'), '');
    await shot(A.page, `${game}-A`);
    await shot(B.page, `${game}-B`);
    await closeAll(A, B);
  });
}

test('trangouar: secret setups (an example, and one made by hand), then moves', async () => {
  const { A, B } = await pair('trangouar');
  // Alice starts from an example; Bob builds three full cubes by hand in his zone (NE).
  await A.page.click('[data-example="0"]');
  await shot(A.page, 'trangouar-setup');
  await A.page.click('#submit-setup');
  await B.page.waitForSelector('#board [data-at="g9"][data-act="select"]');
  for (const [k, at] of ['g9', 'i9', 'i7'].entries()) {
    await B.page.click(`#board g.point[data-at="${at}"]`);
    for (const c of ['red', 'black', 'white']) await B.page.fill(`#pearl-${c}`, '3').then(() => B.page.press(`#pearl-${c}`, 'Tab'));
    // Each cube's nine pearls counted before the next cube is picked (the form redraws after each
    // field; a click on the board before then would race it).
    const want = `${9 * (k + 1)}/27`;
    await B.page.waitForFunction((w) => document.querySelector('#pearl-total')?.textContent === w, want, { timeout: 5000 })
      .catch(async () => assert.fail(`after the cube on ${at}: ${await B.page.textContent('#pearl-total')}, not ${want}`));
  }
  assert.equal(await B.page.textContent('#pearl-total'), '27/27');
  await B.page.click('#submit-setup');
  await A.page.waitForFunction(() => window.__plateau.page.state.view?.state.phase === 'play');
  await B.page.waitForFunction(() => window.__plateau.page.state.view?.state.phase === 'play');
  const cubes = await B.page.evaluate(() => window.__plateau.page.state.view.state.cubes.map((c) => c.at));
  for (const at of ['g9', 'i9', 'i7']) assert.ok(cubes.includes(at), `Bob's cube on ${at}`);
  const start = await ply(A.page);
  // A move step by step along its path when there is one, then plain pointing.
  const mover = await whoseTurn([A, B]);
  const p = mover.page;
  await p.locator('#board [data-act="select"]').first().click();
  if (await p.locator('#board [data-act="step"]').count()) {
    await p.locator('#board [data-act="step"]').first().click();
    assert.ok(await p.locator('#board polyline.path').count(), 'the path so far is drawn');
  }
  await p.locator('#board [data-act="target"]').first().click();
  await waitPly(A.page, start + 1);
  await waitPly(B.page, start + 1);
  await playPlies([A, B], 3);
  await shot(A.page, 'trangouar-A');
  await shot(B.page, 'trangouar-B');
  await closeAll(A, B);
});

test('abalone: moves, a spectator, a refused move, a reload and a dropped connection', async () => {
  const { A, B, code } = await pair('abalone');
  // Alice (Black) moves first: select a marble with the mouse, then an arrow.
  await whoseTurn([A]);
  await pointAndPlay(A.page, { keyboard: false });
  await waitPly(B.page, 1);
  assert.match(await B.page.textContent('#events'), /Alice moved/);

  // A spectator by the spectator link sees the board but has nothing to play.
  const C = await newPlayer(browser, 'Carol');
  await openRoom(C.page, code, true);
  await C.page.waitForSelector('#watching');
  await waitPly(C.page, 1);
  assert.equal(await C.page.locator('#board [data-act]').count(), 0);

  // A move the server refuses: its message is shown and the board stays as it was.
  await whoseTurn([B]);
  const boardBefore = await B.page.evaluate(() => window.__plateau.page.state.view.state.board);
  await B.page.evaluate(() => window.__plateau.page.sendMove({ marbles: ['A1'], dir: 'E' }));
  await B.page.waitForSelector('#message:has-text("refused")');
  assert.equal(await B.page.evaluate(() => window.__plateau.page.state.view.state.board), boardBefore);
  assert.equal(await ply(B.page), 1);
  await B.page.waitForSelector('#room[data-my-turn="true"]');

  // Bob reloads mid-match: same player, same seat, his turn again.
  await B.page.reload();
  await B.page.waitForSelector('#board svg.board-svg');
  await waitPly(B.page, 1);
  await B.page.waitForSelector('#seats li[data-seat="1"].me');
  await pointAndPlay(B.page);
  await waitPly(A.page, 2);
  await waitPly(C.page, 2);

  // Alice moves; then her connection drops while Bob moves: the page says so, reconnects by
  // itself, and resyncs the move made meanwhile.
  await pointAndPlay(A.page);
  await waitPly(B.page, 3);
  await A.page.evaluate(() => window.__plateau.conn.drop());
  await A.page.waitForSelector('#conn:not([hidden])');
  await pointAndPlay(B.page);
  await waitPly(A.page, 4, 20000);
  await A.page.waitForSelector('body[data-conn="open"]');
  await A.page.waitForSelector('#conn', { state: 'hidden' });
  await playPlies([A, B], 2);
  await waitPly(C.page, 6);

  // A patch from a version the page does not hold makes it ask for a snapshot (sync).
  const held = await A.page.evaluate(() => window.__plateau.page.state.version);
  await A.page.evaluate((code) => window.__plateau.conn.dispatch({ type: 'patch', room: code, from: 9999, version: 10000, ops: [{ op: 'replace', path: '/ply', value: 777 }], events: [] }), code);
  await A.page.waitForFunction((v) => !window.__plateau.page.state.syncing && window.__plateau.page.state.version === v, held);
  assert.equal(await ply(A.page), 6);

  // Chat reaches the others.
  await A.page.fill('#chat-text', 'good luck');
  await A.page.press('#chat-text', 'Enter');
  await B.page.waitForSelector('#chat-list li:has-text("good luck")');
  await C.page.waitForSelector('#chat-list li:has-text("good luck")');
  await shot(A.page, 'abalone-2p-A');
  await shot(B.page, 'abalone-2p-B');
  await shot(C.page, 'abalone-2p-spectator');
  await closeAll(A, B, C);
});

test('abalone for 3 and 4 players with bots; a finished match replays', async () => {
  const A = await newPlayer(browser, 'Dora');
  for (const players of [3, 4]) {
    await createRoom(A.page, 'abalone', players, { max_plies: 3 * players });
    await start(A.page, true);
    await shot(A.page, `abalone-${players}p`);
    assert.equal(await A.page.locator('#seats li.on').count(), players);
  }
  // A 2-player match against a bot, capped at 4 plies, played to its end.
  await createRoom(A.page, 'abalone', 2, { max_plies: 4, cap_result: 'marbles' });
  await start(A.page, true);
  for (let i = 0; i < 2; i++) await pointAndPlay(A.page);
  await A.page.waitForSelector('#result:not([hidden])');
  await A.page.waitForSelector('#room[data-status="finished"]');
  await A.page.click('#history-link');
  await A.page.waitForURL(/\/m\/[0-9a-f-]{36}$/);
  await A.page.waitForSelector('#board[data-ply="4"] svg.board-svg');
  assert.equal(await A.page.locator('#moves li[data-ply]').count(), 4);
  // Abalone has no luck: its seed is folded away.
  await A.page.click('#chance summary');
  await A.page.waitForSelector('#seed');
  await A.page.waitForSelector('#seed-check:has-text("matches the commitment")');
  // The slider goes over every ply.
  for (const n of [0, 2, 1, 4]) {
    await A.page.fill('#ply', String(n));
    await A.page.waitForSelector(`#board[data-ply="${n}"]`);
  }
  await A.page.click('#prev');
  await A.page.waitForSelector('#board[data-ply="3"]');
  await shot(A.page, 'abalone-replay');
  // The home page lists it among my finished matches.
  await A.page.goto(`${BASE}/`);
  await A.page.waitForSelector('#finished-matches li');
  await A.page.waitForSelector('#live-matches li');
  await closeAll(A);
});

test('lobby, join by code, and a phone-sized screen', async () => {
  const A = await newPlayer(browser, 'Erin');
  const code = await createRoom(A.page, 'pinuid', 2, {}, 'public');
  const B = await newPlayer(browser, 'Finn', { width: 390, height: 844 });
  await B.page.waitForSelector(`#lobby li[data-code="${code}"]`, { timeout: 10000 });
  await B.page.fill('#join-code', code.toLowerCase());
  await B.page.press('#join-code', 'Enter');
  await B.page.waitForSelector('#seats li[data-seat="1"].me');
  await start(A.page);
  await B.page.waitForSelector('#board svg.board-svg');
  await playPlies([A, B], 2);
  const overflow = await B.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `no sideways scrolling on a phone (${overflow}px)`);
  await shot(B.page, 'pinuid-phone');
  await closeAll(A, B);
});

test('a reload keeps the player (token in localStorage) and a new tab is the same player', async () => {
  const A = await newPlayer(browser, 'Gus');
  const id = await A.page.evaluate(() => JSON.parse(localStorage.getItem('plateau.identity')).id);
  await A.page.reload();
  await A.page.waitForSelector('#me-name:text("Gus")');
  const tab = await A.ctx.newPage();
  await tab.goto(`${BASE}/`);
  await tab.waitForSelector('#me-name:text("Gus")');
  assert.equal(await tab.evaluate(() => JSON.parse(localStorage.getItem('plateau.identity')).id), id);
  await closeAll(A);
});
