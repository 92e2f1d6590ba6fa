//! Playing against the computer, in headless Chromium against the real server: the home page's
//! form (game, players as the game allows, level, `easy` by default) makes a private room and
//! starts it with bots in one click, landing in the room; each bot's level is shown beside it in
//! the room, in the end breakdown and on the match's history page.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, shot, clean } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Fills the "Play against the computer" form and plays: the room, started, with its code. */
async function playBots(page, game, players, level = null) {
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#bot-form');
  await page.selectOption('#bot-game', game);
  await page.selectOption('#bot-players', String(players));
  if (level) await page.check(`#bot-level-${level}`);
  await page.click('#play-bots');
  await page.waitForURL(/\/r\/[A-Z0-9]+$/);
  await page.waitForSelector('#room[data-status="playing"], #room[data-status="finished"]');
  await page.waitForSelector('#board svg.board-svg');
  return page.url().split('/r/')[1];
}

const roomOf = async (code) => (await fetch(`${BASE}/api/v1/rooms/${code}`)).json();

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`play against the computer in one click: players as the game allows, the level beside each bot (${size})`, async () => {
    const A = await newPlayer(browser, 'Solo', viewport);
    await A.page.waitForSelector('#bot-form');
    // Easy unless chosen; the players follow the game's bounds.
    assert.ok(await A.page.isChecked('#bot-level-easy'));
    await A.page.selectOption('#bot-game', 'abalone');
    const counts = await A.page.$$eval('#bot-players option', (o) => o.map((x) => [x.value, x.textContent]));
    assert.deepEqual(counts.map(([v]) => v), ['2', '3', '4']);
    assert.equal(counts[0][1], 'You + 1 bot');
    assert.equal(counts[2][1], 'You + 3 bots');
    await shot(A.page, `bots-form-${size}`);

    // Four players at level random: a private room, the person in the first seat, bots in the
    // others, under way at once.
    const code = await playBots(A.page, 'abalone', 4, 'random');
    const room = await roomOf(code);
    assert.equal(room.visibility, 'private');
    assert.equal(room.status, 'playing');
    assert.equal(room.seats[0].player.name, 'Solo');
    assert.deepEqual(room.seats.slice(1).map((s) => [s.bot, s.bot_level]), [[true, 'random'], [true, 'random'], [true, 'random']]);
    await A.page.waitForSelector('#seats li.me[data-seat="0"]');
    for (const seat of [1, 2, 3]) assert.equal(await A.page.textContent(`#seats li[data-seat="${seat}"] .bot-level`), 'Random bot');
    assert.equal(await A.page.locator('#fill-bots, #start').count(), 0);
    await shot(A.page, `bots-room-${size}`);

    // The default level, in another game.
    const easy = await playBots(A.page, 'triominos', 2);
    assert.equal((await roomOf(easy)).seats[1].bot_level, 'easy');
    assert.equal(await A.page.textContent('#seats li[data-seat="1"] .bot-level'), 'Easy bot');
    clean(A.page);
    await A.ctx.close();
  });
}

test('a strong bot: its level in the room, the end breakdown and the match history', async () => {
  const A = await newPlayer(browser, 'Brave');
  await playBots(A.page, 'pinuid', 2, 'strong');
  assert.equal(await A.page.textContent('#seats li[data-seat="1"] .bot-level'), 'Strong bot');
  // Resigned before the bot has to think: the end, with the level in the breakdown.
  await A.page.click('#resign');
  await A.page.waitForSelector('#resign-dialog[open]');
  await A.page.click('#resign-confirm');
  await A.page.waitForSelector('#breakdown');
  assert.match(await A.page.textContent('#breakdown tr[data-seat="1"] th'), /^Bot\s*Strong bot$/);
  assert.equal(await A.page.locator('#breakdown tr[data-seat="0"] .bot-level').count(), 0);
  await shot(A.page, 'bots-breakdown');
  await A.page.click('#history-link');
  await A.page.waitForSelector('#match #players');
  assert.match(await A.page.textContent('#players'), /Strong bot/);
  await A.page.waitForSelector('#match-breakdown tr[data-seat="1"] .bot-level');
  assert.equal(await A.page.textContent('#match-breakdown tr[data-seat="1"] .bot-level'), 'Strong bot');
  clean(A.page);
  await A.ctx.close();
});
