//! Playing in public, in headless Chromium against the real server: the clock chosen at creation
//! and shown in the room, clocks that count down, turn red and end a match on time; resigning
//! (after a confirmation), a draw offered and accepted, the rematch that brings both players to a
//! new room with their seats rotated, and a player who goes to another page no longer counting as
//! present in the room.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, createRoom, start, pointAndPlay, whoseTurn, shot, clean } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Alice hosts a 2-player room of `game` with `clock`, Bob joins by its link, the match starts. */
async function pair(game, clock = null, viewport = SIZES.desktop, names = ['Alice', 'Bob']) {
  const A = await newPlayer(browser, names[0], viewport);
  const code = await createRoom(A.page, game, 2, {}, 'private', clock);
  const B = await newPlayer(browser, names[1], viewport);
  await B.page.goto(`${BASE}/r/${code}`);
  await B.page.waitForSelector('#seats li[data-seat="1"].me');
  await A.page.waitForSelector('#seats li[data-seat="1"].on');
  await start(A.page);
  await B.page.waitForSelector('#board svg.board-svg');
  return { A, B, code };
}

async function closeAll(...players) {
  for (const p of players) {
    clean(p.page);
    await p.ctx.close();
  }
}

/** The time a seat's clock shows now: its text and milliseconds, and whether it runs or is red. */
async function clockOf(page, seat) {
  return page.$eval(`#clocks .clock[data-seat="${seat}"]`, (el) => ({
    text: el.querySelector('.clock-time').textContent,
    ms: Number(el.dataset.ms),
    running: el.classList.contains('running'),
    low: el.classList.contains('low'),
  }));
}

test('the clock chooser: presets in words, a custom clock within bounds, the setting shown in the room', async () => {
  const A = await newPlayer(browser, 'Cleo');
  await A.page.selectOption('#clock', 'blitz');
  assert.equal(await A.page.textContent('#clock-note'), '5 min + 3 s per move');
  assert.ok(await A.page.isHidden('#clock-custom'));
  // A custom clock out of the contract's bounds is refused on the page, and no room is made.
  await A.page.selectOption('#clock', 'custom');
  await A.page.selectOption('#clock-kind', 'correspondence');
  await A.page.fill('#clock-days', '15');
  await A.page.$eval('#clock-days', (e) => e.removeAttribute('max')); // past the browser's own check
  await A.page.click('#create');
  await A.page.waitForSelector('#create-form .error:not(:empty)');
  assert.match(await A.page.textContent('#create-form .error'), /days per move must be a whole number from 1 to 14/);
  assert.equal(new URL(A.page.url()).pathname, '/');
  await shot(A.page, 'clock-chooser');
  // A preset reaches the room, and the room says it in words.
  const code = await createRoom(A.page, 'abalone', 2, {}, 'public', 'rapid');
  assert.equal(await A.page.textContent('#clock-setting'), 'Clock: 15 min + 10 s per move');
  const room = await (await fetch(`${BASE}/api/v1/rooms/${code}`)).json();
  assert.deepEqual(room.clock, { kind: 'fischer', initial_s: 900, increment_s: 10 });
  // The lobby says it too.
  await A.page.goto(`${BASE}/`);
  await A.page.waitForSelector(`#lobby li[data-code="${code}"]`);
  assert.match(await A.page.textContent(`#lobby li[data-code="${code}"]`), /15 min \+ 10 s per move/);
  // A custom per-move clock, sent as typed.
  const code2 = await createRoom(A.page, 'pinuid', 2, {}, 'private', { kind: 'per_move', s: 45 });
  assert.equal(await A.page.textContent('#clock-setting'), 'Clock: 45 s per move');
  assert.deepEqual((await (await fetch(`${BASE}/api/v1/rooms/${code2}`)).json()).clock, { kind: 'per_move', s: 45 });
  await closeAll(A);
});

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`a timed match: the clocks count down, the running one turns red, and running out of time loses (${size})`, async () => {
    // 12 s per move in Abalone (no move the rules could play for a player out of time).
    const { A, B } = await pair('abalone', { kind: 'per_move', s: 12 }, viewport);
    assert.equal(await A.page.textContent('#clock-setting'), 'Clock: 12 s per move');
    await A.page.waitForSelector('#clocks .clock[data-seat="0"].running');
    const first = await clockOf(A.page, 0);
    assert.ok(first.ms <= 12000 && first.ms > 6000, `a fresh clock: ${JSON.stringify(first)}`);
    assert.ok(!first.low, 'not red with more than 10 s left');
    assert.equal((await clockOf(A.page, 1)).running, false);
    await A.page.waitForTimeout(1500);
    const later = await clockOf(A.page, 0);
    assert.ok(later.ms < first.ms - 1000, `counts down: ${first.ms} then ${later.ms}`);
    assert.match(later.text, /^0:\d\d$/);
    // Alice moves in time: her clock stops, Bob's runs, on both pages.
    await pointAndPlay(A.page);
    for (const p of [A, B]) {
      await p.page.waitForSelector('#clocks .clock[data-seat="1"].running');
      assert.equal((await clockOf(p.page, 0)).running, false);
    }
    assert.match(await B.page.title(), /Your turn/);
    // Bob does not move: under 10 s his clock is red, and at 0 he has lost on time.
    await B.page.waitForSelector('#clocks .clock[data-seat="1"].running.low');
    await shot(B.page, `clock-low-${size}`);
    for (const p of [A, B]) await p.page.waitForSelector('#result:not([hidden])', { timeout: 20000 });
    assert.match(await A.page.textContent('#result'), /You won! · Bob ran out of time — Alice wins/);
    assert.match(await B.page.textContent('#result'), /You lost · Bob ran out of time — Alice wins/);
    assert.match(await A.page.textContent('#events'), /Bob ran out of time/);
    const end = await clockOf(B.page, 1);
    assert.equal(end.running, false);
    assert.ok(end.ms >= 0 && end.ms < 1000, `out of time, never below zero: ${JSON.stringify(end)}`);
    assert.equal(end.text, '0:00');
    assert.doesNotMatch(await B.page.title(), /Your turn/);
    // No more resigning or offering once it is over; a rematch instead.
    assert.equal(await B.page.locator('#resign, #draw-offer').count(), 0);
    await B.page.waitForSelector('#rematch');
    await shot(A.page, `timeout-winner-${size}`);
    await shot(B.page, `timeout-loser-${size}`);
    // The match's history says it too: the clock, who ran out of time, the result.
    await A.page.click('#history-link');
    await A.page.waitForSelector('#match #players');
    assert.match(await A.page.textContent('#match .room-head'), /clock: 12 s per move/);
    assert.match(await A.page.textContent('#players'), /Bob\s*out of time/);
    assert.equal(await A.page.textContent('#match-result'), 'Bob ran out of time — Alice wins');
    await closeAll(A, B);
  });
}

test('resigning asks first, then both pages say who resigned and who wins', async () => {
  const { A, B } = await pair('pinuid');
  await A.page.click('#resign');
  await A.page.waitForSelector('#resign-dialog[open]');
  assert.match(await A.page.textContent('#resign-dialog'), /Resign this match\?.*You lose the match: Bob wins\./s);
  await shot(A.page, 'resign-confirm');
  // "Keep playing" changes nothing.
  await A.page.click('#resign-cancel');
  await A.page.waitForSelector('#resign-dialog:not([open])', { state: 'attached' });
  await A.page.waitForTimeout(300);
  assert.ok(await A.page.isHidden('#result'));
  await A.page.click('#resign');
  await A.page.click('#resign-confirm');
  for (const p of [A, B]) await p.page.waitForSelector('#result:not([hidden])');
  assert.match(await A.page.textContent('#result'), /You lost · Alice resigned — Bob wins/);
  assert.match(await B.page.textContent('#result'), /You won! · Alice resigned — Bob wins/);
  assert.match(await B.page.textContent('#events'), /Alice resigned/);
  await shot(B.page, 'resigned');
  await closeAll(A, B);
});

test('a draw offered, declined, taken back, offered again and accepted; then a rematch for both', async () => {
  const { A, B, code } = await pair('abalone');
  const mover = await whoseTurn([A, B]);
  assert.equal(mover, A);
  await A.page.click('#draw-offer');
  await A.page.waitForSelector('#draw-withdraw');
  await B.page.waitForSelector('#draw-accept');
  assert.equal(await B.page.textContent('#draw-status'), 'Alice offers a draw.');
  await shot(B.page, 'draw-offered');
  // Bob declines: the offer is gone on both sides, and Alice is told.
  await B.page.click('#draw-decline');
  await B.page.waitForSelector('#draw-offer');
  await A.page.waitForSelector('#draw-offer');
  await A.page.waitForSelector('#events :text("Bob declined the draw")');
  await shot(A.page, 'draw-declined');
  // After a reload, neither finds the offer again.
  for (const p of [A, B]) {
    await p.page.reload();
    await p.page.waitForSelector('#draw-offer');
    assert.equal(await p.page.locator('#draw-accept, #draw-withdraw').count(), 0);
  }
  // Alice offers and takes it back, then offers again; Bob accepts.
  await A.page.click('#draw-offer');
  await A.page.waitForSelector('#draw-withdraw');
  await A.page.click('#draw-withdraw');
  await A.page.waitForSelector('#draw-offer');
  await A.page.click('#draw-offer');
  await B.page.waitForSelector('#draw-accept');
  await B.page.click('#draw-accept');
  for (const p of [A, B]) {
    await p.page.waitForSelector('#result:not([hidden])');
    assert.match(await p.page.textContent('#result'), /^Draw agreed/);
    assert.match(await p.page.textContent('#events'), /Draw agreed/);
  }
  await shot(A.page, 'draw-agreed');
  // Alice asks for a rematch and goes to the new room; Bob is offered to join it.
  await A.page.click('#rematch');
  await A.page.waitForURL((u) => /^\/r\/[A-Z0-9]+$/.test(u.pathname) && !u.pathname.endsWith(code));
  const next = new URL(A.page.url()).pathname.split('/r/')[1];
  await B.page.waitForSelector('#rematch-join');
  await shot(B.page, 'rematch-offered');
  await B.page.click('#rematch-join');
  await B.page.waitForURL(`${BASE}/r/${next}`);
  // Seats rotate: Alice (seat 0 before) sits in seat 1 and hosts; Bob goes to seat 0.
  await A.page.waitForSelector('#seats li[data-seat="1"].me');
  await B.page.waitForSelector('#seats li[data-seat="0"].me');
  await A.page.waitForSelector('#seats li[data-seat="0"].on');
  // Both are back: the rematch starts by itself, Bob (seat 0) first.
  for (const p of [A, B]) await p.page.waitForSelector('#room[data-status="playing"]');
  const room = await (await fetch(`${BASE}/api/v1/rooms/${next}`)).json();
  assert.equal(room.game, 'abalone');
  assert.equal(room.status, 'playing');
  assert.equal(room.auto_start, true);
  assert.equal(room.seats[1].player.name, 'Alice');
  assert.equal(room.seats[0].player.name, 'Bob');
  assert.equal(await A.page.locator('#start').count(), 0);
  await shot(A.page, 'rematch-room');
  await closeAll(A, B);
});

test('a player who goes to another page is no longer in the room; back in the room, present again', async () => {
  const { A, B, code } = await pair('pinuid');
  await B.page.waitForSelector('#seats li[data-seat="0"].on');
  // Alice goes home inside the app: her connection stays open, but she left the room.
  await A.page.evaluate(() => window.__plateau.navigate('/'));
  await A.page.waitForSelector('#create-form');
  await B.page.waitForSelector('#seats li[data-seat="0"].off');
  await A.page.goBack();
  await A.page.waitForSelector('#seats li[data-seat="0"].me');
  await B.page.waitForSelector('#seats li[data-seat="0"].on');
  // Her seat is still hers: the match goes on with her.
  assert.equal(new URL(A.page.url()).pathname, `/r/${code}`);
  await A.page.waitForSelector('#resign');
  await closeAll(A, B);
});

test('with three sides, a player who resigns is marked "resigned" and the match goes on without them', async () => {
  const A = await newPlayer(browser, 'Dara');
  await createRoom(A.page, 'abalone', 3);
  await start(A.page, true);
  await A.page.click('#resign');
  await A.page.waitForSelector('#resign-dialog[open]');
  assert.match(await A.page.textContent('#resign-dialog'), /the server plays your seat until the end/);
  await A.page.click('#resign-confirm');
  await A.page.waitForSelector('#seats li[data-seat="0"] .tag.out[data-forfeit="resigned"]');
  assert.equal(await A.page.textContent('#seats li[data-seat="0"] .tag.out'), 'resigned');
  assert.match(await A.page.textContent('#events'), /Dara resigned/);
  // Out of the match: no more resigning or offering a draw, and never "your turn" again.
  assert.equal(await A.page.locator('#resign, #draw-offer').count(), 0);
  // The server plays her seat: whenever it is seat 0's turn, the page says so and offers no move.
  const plies = Number(await A.page.getAttribute('#room', 'data-ply'));
  const seen = await A.page.evaluate(async (n) => {
    const room = document.querySelector('#room');
    const out = [];
    while (Number(room.dataset.ply) <= n + 6 && room.dataset.status !== 'finished') {
      out.push({ title: document.title, turn: document.querySelector('#turn').textContent, act: document.querySelectorAll('#board [data-act]').length, myTurn: room.dataset.myTurn });
      await new Promise((r) => setTimeout(r, 5));
    }
    return out;
  }, plies);
  for (const s of seen) {
    assert.doesNotMatch(s.title, /Your turn/, JSON.stringify(s));
    assert.equal(s.act, 0, `nothing to point at: ${JSON.stringify(s)}`);
    assert.equal(s.myTurn, 'false');
  }
  assert.match(await A.page.textContent('#turn'), /You are out of the match \(resigned\); the server plays your seat\.|The match is over\./);
  await shot(A.page, 'resigned-three-sides');
  await closeAll(A);
});

test('after a reload the clock goes on from where it was, not from the full time', async () => {
  const { A, B } = await pair('abalone', { kind: 'per_move', s: 30 });
  await A.page.waitForSelector('#clocks .clock[data-seat="0"].running');
  await A.page.waitForTimeout(4000);
  // The snapshot after the reload carries figures taken at the start of the match.
  await A.page.reload();
  await A.page.waitForSelector('#clocks .clock[data-seat="0"].running');
  const mine = await clockOf(A.page, 0);
  const theirs = await clockOf(B.page, 0);
  assert.ok(mine.ms <= 26500, `4 s and more already spent: ${JSON.stringify(mine)}`);
  assert.ok(Math.abs(mine.ms - theirs.ms) < 1500, `both pages agree: ${mine.ms} and ${theirs.ms}`);
  await closeAll(A, B);
});

test('a player on turn who left a private room is seen leaving, and after a while the other may claim the match', async () => {
  // run.sh sets the server's --abandon-after-secs; without it this waits 2 minutes.
  const after = Number(process.env.PLATEAU_ABANDON_AFTER_SECS || 120);
  const { A, B } = await pair('abalone', null, SIZES.phone);
  await A.page.waitForSelector('#room[data-my-turn="true"]');
  // Alice goes home inside the app: her connection stays open, but she is no longer in the room.
  // A private room without a clock forfeits nobody by itself: Bob sees her gone, and when he may
  // claim the match.
  await A.page.evaluate(() => window.__plateau.navigate('/'));
  await A.page.waitForSelector('#create-form');
  await B.page.waitForSelector('#seats li[data-seat="0"].off');
  await B.page.waitForSelector('#away-0');
  assert.match(await B.page.textContent('#away-0'), /^left — the match may be claimed in \d+:\d\d$/);
  await shot(B.page, 'away-countdown-phone');
  await B.page.waitForSelector('#claim-win', { timeout: (after + 20) * 1000 });
  assert.equal(await B.page.getAttribute('#room', 'data-status'), 'playing', 'nothing happened by itself');
  await shot(B.page, 'away-claim-phone');
  await B.page.click('#claim-win');
  await B.page.waitForSelector('#result:not([hidden])');
  assert.match(await B.page.textContent('#result'), /You won! · Alice left the game — Bob wins/);
  assert.equal(await B.page.textContent('#seats li[data-seat="0"] .tag.out'), 'left');
  await shot(B.page, 'abandoned');
  // Back in the room, Alice reads why she lost.
  await A.page.goBack();
  await A.page.waitForSelector('#result:not([hidden])');
  assert.match(await A.page.textContent('#result'), /You lost · Alice left the game — Bob wins/);
  await closeAll(A, B);
});

test('in a public room a player on turn who left is seen leaving with the countdown, then forfeits by itself', async () => {
  const after = Number(process.env.PLATEAU_ABANDON_AFTER_SECS || 120);
  const A = await newPlayer(browser, 'Alice', SIZES.desktop);
  const code = await createRoom(A.page, 'abalone', 2, {}, 'public');
  const B = await newPlayer(browser, 'Bob', SIZES.desktop);
  await B.page.goto(`${BASE}/r/${code}`);
  await B.page.waitForSelector('#seats li.me');
  await A.page.waitForSelector('#seats li:not(.me).on');
  await start(A.page);
  const mover = await whoseTurn([A, B]);
  const other = mover === A ? B : A;
  const seat = await mover.page.getAttribute('#seats li.me', 'data-seat');
  await mover.page.evaluate(() => window.__plateau.navigate('/'));
  await mover.page.waitForSelector('#create-form');
  await other.page.waitForSelector(`#away-${seat}`);
  assert.match(await other.page.textContent(`#away-${seat}`), /^left — forfeits in \d+:\d\d$/);
  assert.equal(await other.page.locator('#claim-win').count(), 0, 'no claim in a public room');
  await shot(other.page, 'away-forfeit-countdown-desktop');
  await other.page.waitForSelector('#result:not([hidden])', { timeout: (after + 20) * 1000 });
  assert.match(await other.page.textContent('#result'), /You won!/);
  await closeAll(A, B);
});
