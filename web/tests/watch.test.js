//! Watching and seating, in headless Chromium at 1280x800 and 390x844: public matches under way
//! listed in the lobby with a link that opens them as a spectator, the spectator count in the room,
//! and "Who starts" in the create form (defaulting as the server does: the host first in a private
//! room, drawn at random in a public one), echoed by the room, with everyone's seat shown after the
//! start.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, createRoom, start, shot, clean } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function done(...players) {
  for (const p of players) {
    clean(p.page);
    await p.ctx.close();
  }
}

const roomInfo = (page, code) => page.evaluate(async (c) => (await fetch(`/api/v1/rooms/${c}`)).json(), code);

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`a public match to watch from the lobby; the spectator count (${size})`, async () => {
    const A = await newPlayer(browser, 'Host', viewport);
    const code = await createRoom(A.page, 'pinuid', 2, {}, 'public');
    // A private match under way is not listed to others.
    const P = await newPlayer(browser, 'Priv', viewport);
    const hidden = await createRoom(P.page, 'abalone', 2);
    await start(P.page, true);
    await start(A.page, true);
    await A.page.waitForSelector('#spectators[data-count="0"]');
    assert.equal(await A.page.textContent('#spectators'), 'nobody watching');

    const W = await newPlayer(browser, 'Watcher', viewport);
    await W.page.waitForSelector(`#live-games li[data-code="${code}"]`, { timeout: 10000 });
    assert.equal(await W.page.locator(`#live-games li[data-code="${hidden}"]`).count(), 0, 'a private match is not listed');
    // Public rooms draw the seats by default: either order.
    assert.match(await W.page.textContent(`#live-games li[data-code="${code}"]`), /^Pinuid Classic · (Host, Bot|Bot, Host) · (just started|\d+ moves? played)/);
    // The players do not see their own match there (it is under "My matches").
    await A.page.goto(`${BASE}/`);
    await A.page.waitForSelector('#live-games li');
    assert.equal(await A.page.locator(`#live-games li[data-code="${code}"]`).count(), 0);
    await shot(W.page, `lobby-watch-${size}`);
    await W.page.click(`#live-games li[data-code="${code}"] a.button`);
    await W.page.waitForSelector('#watching');
    await W.page.waitForSelector('#board svg.board-svg');
    // Back in the room, the host sees one spectator; the count follows a spectator who leaves.
    await A.page.goto(`${BASE}/r/${code}`);
    await A.page.waitForSelector('#spectators[data-count="1"]');
    // The eye is an SVG icon (icons.js), not an emoji: the text is the count alone.
    assert.equal((await A.page.textContent('#spectators')).trim(), '1 watching');
    assert.equal(await A.page.locator('#spectators svg.icon-eye').count(), 1);
    await shot(A.page, `spectators-${size}`);
    await W.page.goto(`${BASE}/`);
    await A.page.waitForSelector('#spectators[data-count="0"]');
    await done(A, P, W);
  });

  test(`who starts: the create form's choice, its default, the room and the seats after the draw (${size})`, async () => {
    const A = await newPlayer(browser, 'Sol', viewport);
    // Left alone the choice follows the server's default for the room's visibility.
    assert.equal(await A.page.inputValue('#seating'), 'host_first');
    await A.page.check('#vis-public');
    assert.equal(await A.page.inputValue('#seating'), 'random');
    await A.page.check('#vis-private');
    assert.equal(await A.page.inputValue('#seating'), 'host_first');
    const texts = await A.page.$$eval('#seating option', (o) => o.map((x) => x.textContent));
    assert.deepEqual(texts, ['Host first', 'Drawn at random']);
    await shot(A.page, `create-seating-${size}`);

    // Chosen: a public room with the host first.
    await A.page.check('#vis-public');
    await A.page.selectOption('#seating', 'host_first');
    await A.page.check('#vis-private');
    await A.page.check('#vis-public');
    assert.equal(await A.page.inputValue('#seating'), 'host_first', 'a choice made is kept');
    await A.page.selectOption('#game', 'abalone');
    await A.page.click('#create');
    await A.page.waitForURL(/\/r\/[A-Z0-9]+$/);
    const code1 = A.page.url().split('/r/')[1];
    assert.equal((await roomInfo(A.page, code1)).seating, 'host_first');
    // Seat 1 starts: here the host, said by name.
    await A.page.waitForSelector('#seating:has-text("Who starts: Sol (seat 1)")');

    // Drawn at random, in a 4-player room with bots: after the start the seats show where the draw
    // put everyone, and Sol's seat is the one the server gave her.
    await A.page.goto(`${BASE}/`);
    await A.page.waitForSelector('#create-form');
    await A.page.selectOption('#game', 'abalone');
    await A.page.selectOption('#players', '4');
    await A.page.selectOption('#seating', 'random');
    await A.page.click('#create');
    await A.page.waitForURL(/\/r\/[A-Z0-9]+$/);
    await A.page.waitForSelector('#room[data-status="waiting"]');
    const code3 = A.page.url().split('/r/')[1];
    assert.equal((await roomInfo(A.page, code3)).seating, 'random');
    assert.match(await A.page.textContent('#seating'), /drawn at random when the match starts/);
    await start(A.page, true);
    await A.page.waitForSelector('#seating:has-text("drawn at random at the start")');
    const info = await roomInfo(A.page, code3);
    const mine = info.seats.find((s) => s.player && s.player.name === 'Sol').seat;
    await A.page.waitForSelector(`#seats li.me[data-seat="${mine}"]`);
    const you = await A.page.evaluate(() => window.__plateau.page.state.view.you.seat);
    assert.equal(you, mine, 'the seats panel and the view agree');
    const listed = await A.page.$$eval('#seats li', (l) => l.map((x) => x.querySelector('.seat-name').textContent));
    assert.equal(listed.length, 4);
    assert.deepEqual(listed.filter((n) => n === 'Sol'), ['Sol']);
    await shot(A.page, `seating-random-${size}`);
    await done(A);
  });
}
