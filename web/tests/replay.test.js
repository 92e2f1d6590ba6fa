//! Following a match, in headless Chromium at 1280x800 and 390x844: the last move marked on the
//! board in play and in the replay, the pieces that moved sliding in (not under
//! prefers-reduced-motion), the replay's arrow keys, "Flip board", the history's moves grouped
//! into turns, and the end-of-match breakdown (scores, who won, who forfeited and why, what the
//! game's state says, Triominos' rounds).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, createRoom, start, pointAndPlay, waitPly, whoseTurn, shot, clean } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function pair(game, viewport, options = {}, bOptions = {}) {
  const A = await newPlayer(browser, 'Ada', viewport);
  const code = await createRoom(A.page, game, 2, options);
  const B = await newPlayer(browser, 'Bea', viewport, bOptions);
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

/** Counts the animations the page starts from now on (the boards slide pieces with `animate`). */
const countSlides = (page) => page.evaluate(() => {
  window.__slides = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    if (this.closest && this.closest('#board')) window.__slides++;
    return animate.apply(this, args);
  };
});
const slides = (page) => page.evaluate(() => window.__slides);

const matchId = (page) => page.evaluate(() => window.__plateau.page.state.matchId);

/** The controls of the match page (links, buttons, the slider) less than 40 px tall: [what, px]. */
const smallControls = (page) => page.$$eval('#match a, #match button, #match input, #match select, #match summary', (els) => els
  .map((e) => [e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 40), e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && r.height < 40)
  .map(([what, r]) => [what, Math.round(r.height)]));

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`Abalone: last move marked and slid in play and in the replay; keys, flip, breakdown (${size})`, async () => {
    // Bea asks for less motion: her board must not slide; Ada's does.
    const { A, B } = await pair('abalone', viewport, { max_plies: 4, cap_result: 'marbles' }, { reducedMotion: 'reduce' });
    const mover = await whoseTurn([A, B]);
    const other = mover === A ? B : A;
    for (const p of [A, B]) await countSlides(p.page);
    await pointAndPlay(mover.page);
    await waitPly(other.page, 1);
    for (const p of [A, B]) {
      await p.page.waitForSelector('#board .marble.last');
      assert.ok(await p.page.locator('#board .last-from').count() > 0, 'where the marbles came from is marked');
    }
    // Both boards drew the move; Ada's slid its marbles, Bea's (less motion asked) did not.
    await A.page.waitForFunction(() => window.__slides > 0, null, { timeout: 3000 });
    assert.equal(await slides(B.page), 0, 'no motion for Bea (prefers-reduced-motion)');
    await shot(other.page, `last-move-abalone-${size}`);
    // A reload brings the marker back (from the room's recent events).
    await other.page.reload();
    await other.page.waitForSelector('#board .marble.last');
    // Flip board: the board turns, its labels stay upright, and it stays flipped after a redraw.
    await A.page.click('#flip');
    await A.page.waitForSelector('#board.flipped');
    const turned = await A.page.$eval('#board svg.board-svg', (s) => getComputedStyle(s).transform);
    assert.match(turned, /^matrix\(-1, .*-1, 0, 0\)$/, `turned half round: ${turned}`);
    const label = await A.page.$eval('#board .edge-label', (t) => getComputedStyle(t).transform);
    assert.match(label, /^matrix\(-1, /, 'the row letters are turned back upright');
    assert.equal(await A.page.getAttribute('#flip', 'aria-pressed'), 'true');
    await shot(A.page, `flipped-abalone-${size}`);
    await A.page.click('#flip');
    await A.page.waitForSelector('#board:not(.flipped)');

    // Play to the move limit; the breakdown says who won, the score and the marbles pushed off.
    while (Number(await A.page.getAttribute('#room', 'data-ply')) < 4) {
      const p = await whoseTurn([A, B], 15000).catch(() => null);
      if (!p) break;
      await pointAndPlay(p.page);
    }
    await A.page.waitForSelector('#room[data-status="finished"]');
    await A.page.waitForSelector('#breakdown table.breakdown');
    const rows = await A.page.$$eval('#breakdown tbody tr', (r) => r.map((x) => x.textContent));
    assert.equal(rows.length, 2);
    assert.match(rows[0], /^Ada/);
    assert.match(rows.join(' '), /pushed off 0 of 6/);
    assert.match(rows.join(' '), /won \(move limit reached\)|draw/);
    await shot(A.page, `breakdown-abalone-${size}`);

    // The replay: the last move marked at every ply but the first, arrow keys, Home and End.
    await A.page.click('#history-link');
    await A.page.waitForSelector('#board[data-ply="4"] svg.board-svg');
    await A.page.waitForSelector('#board .marble.last');
    await A.page.waitForSelector('#match-breakdown #breakdown');
    await A.page.keyboard.press('ArrowLeft');
    await A.page.waitForSelector('#board[data-ply="3"]');
    await A.page.waitForSelector('#board .marble.last');
    assert.equal(await A.page.textContent('#ply-label'), 'Move 3 of 4');
    await A.page.keyboard.press('Home');
    await A.page.waitForSelector('#board[data-ply="0"]');
    assert.equal(await A.page.locator('#board .marble.last').count(), 0, 'nothing marked before the first move');
    await countSlides(A.page);
    await A.page.keyboard.press('ArrowRight');
    await A.page.waitForSelector('#board[data-ply="1"]');
    await A.page.waitForSelector('#board .marble.last');
    assert.ok(await slides(A.page) > 0, 'stepping forward slides the marbles');
    await A.page.keyboard.press('End');
    await A.page.waitForSelector('#board[data-ply="4"]');
    // One move per turn in Abalone: four turns of one move.
    assert.equal(await A.page.locator('#moves .turn').count(), 4);
    if (size === 'phone') assert.deepEqual(await smallControls(A.page), [], 'every control of the history is at least 40 px tall');
    await shot(A.page, `replay-abalone-${size}`);
    await done(A, B);
  });

  test(`Groups-of-Three: a turn's steps grouped in the history, the last step marked in the replay (${size})`, async () => {
    const A = await newPlayer(browser, 'Cy', viewport);
    await createRoom(A.page, 'groups-of-three', 2);
    await start(A.page, true);
    // Play until a few turns are in the history (the bot answers at once).
    for (let i = 0; i < 40 && Number(await A.page.getAttribute('#room', 'data-ply')) < 14; i++) {
      await pointAndPlay(A.page).catch(() => {});
    }
    // A move is shown slid in, and the marker on the board.
    await A.page.waitForSelector('#board .poly.last, #board .poly.last-from');
    const id = await matchId(A.page);
    await A.page.goto(`${BASE}/m/${id}`);
    await A.page.waitForSelector('#moves .turn');
    const turns = await A.page.$$eval('#moves .turn', (ts) => ts.map((t) => ({
      seat: t.dataset.seat,
      plies: [...t.querySelectorAll('li[data-ply]')].map((l) => Number(l.dataset.ply)),
    })));
    const plies = turns.flatMap((t) => t.plies);
    assert.deepEqual(plies, plies.map((_, i) => i + 1), 'every ply once, in order');
    assert.ok(turns.length < plies.length, `moves grouped into turns (${turns.length} turns, ${plies.length} moves)`);
    for (let i = 1; i < turns.length; i++) assert.notEqual(turns[i].seat, turns[i - 1].seat, 'a turn is all the consecutive moves of one seat');
    // On a phone, the turns' moves, the steppers, the slider and the links are big enough to tap.
    if (size === 'phone') {
      await A.page.waitForSelector('#board svg.board-svg');
      assert.deepEqual(await smallControls(A.page), [], 'every control of the history is at least 40 px tall');
    }
    // Each step is marked where it went in the replay.
    const step = await A.page.$eval('#moves li[data-ply] button', (b) => b.closest('li').dataset.ply);
    await A.page.click(`#moves li[data-ply="${step}"] button`);
    await A.page.waitForSelector(`#board[data-ply="${step}"]`);
    await A.page.waitForSelector('#board .poly.last, #board .poly.last-from');
    await shot(A.page, `replay-groups-${size}`);
    await done(A);
  });
}

test('Triominos: the breakdown lists each round and who went out, in the room and in the replay', async () => {
  const A = await newPlayer(browser, 'Dee', SIZES.desktop);
  await createRoom(A.page, 'triominos', 2, { rounds: 2 });
  await start(A.page, true);
  for (let i = 0; i < 400; i++) {
    if ((await A.page.getAttribute('#room', 'data-status')) === 'finished') break;
    await pointAndPlay(A.page).catch(() => {});
  }
  await A.page.waitForSelector('#room[data-status="finished"]', { timeout: 30000 });
  await A.page.waitForSelector('#round-scores tbody tr');
  const rows = (page) => page.$$eval('#round-scores tbody tr', (r) => r.map((x) => x.textContent));
  const live = await rows(A.page);
  assert.equal(live.length, 2, `both rounds: ${live.join(' | ')}`);
  live.forEach((row, i) => {
    assert.match(row, new RegExp(`^${i + 1}`));
    assert.match(row, /went out|blocked/);
  });
  const head = await A.page.textContent('#breakdown');
  assert.match(head, /Rounds \(2 played\)/);
  assert.match(head, /Score/);
  await shot(A.page, 'breakdown-triominos-desktop');
  // A reload: every round again, from the view (the recent events may not reach back that far).
  await A.page.reload();
  await A.page.waitForSelector('#round-scores tbody tr');
  assert.deepEqual(await rows(A.page), live, 'the same rounds after a reload');
  // The finished match opened from the history: the same table under the replay.
  await A.page.click('#history-link');
  await A.page.waitForSelector('#match-breakdown #round-scores tbody tr');
  assert.deepEqual(await rows(A.page), live, 'the same rounds in the replay');
  await shot(A.page, 'replay-breakdown-triominos-desktop');
  // A view without the newer fields (an older server's: no past_rounds, no racks, no round): the
  // rounds come from the events seen, and a view with nothing in it still makes a table.
  const older = await A.page.evaluate(async () => {
    const { breakdown } = await import('/js/breakdown.js');
    const nameOf = (s) => ['Dee', 'Eve'][s];
    const result = { winners: [0], scores: [30, 10], reason: 'rounds_played' };
    const table = (b) => b && [...b.querySelectorAll('#round-scores tbody tr')].map((r) => r.textContent);
    const events = [{ kind: 'round_end', round: 1, reason: 'went_out', winners: [0], round_points: [30, -4] }];
    return {
      fromEvents: table(breakdown({ game: 'triominos', result, view: { state: { scores: [30, 10] } }, seats: 2, nameOf, rounds: events })),
      bare: breakdown({ game: 'triominos', result, view: { state: {} }, seats: 2, nameOf }).textContent,
    };
  });
  assert.deepEqual(older.fromEvents, ['1+30-4Dee went out']);
  assert.match(older.bare, /Dee30won/);
  await done(A);
});
