//! The moments around a match, as a new player meets them, at 1280x800 and 390x844: a first visit
//! says what Plateau is before asking for a name (the five games drawn, the lobby, Play now), an
//! invite link says who invites to what; the room lists the moves and shows an earlier position; a
//! player leaving a match under way is warned; the words are a player's (moves, not plies; Pinuid
//! Quatro; a loss not in a win's green); and on a phone the turn line, the clocks and the board are
//! on the first screen under a one-line header. Screenshots of each.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, visitor, createRoom, start, pointAndPlay, waitPly, whoseTurn, shot, clean } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const bottomOf = async (page, sel) => {
  const b = await page.locator(sel).first().boundingBox();
  return b ? b.y + b.height : Infinity;
};

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`a first visit shows the games, the lobby and Play now before any name (${size})`, async () => {
    const V = await visitor(browser, viewport);
    await V.page.goto(`${BASE}/`);
    await V.page.waitForSelector('#welcome');
    // What Plateau is, in a sentence, and no form to make a room yet: that needs a name.
    assert.match(await V.page.textContent('#welcome-h'), /board games/i);
    assert.equal(await V.page.locator('#create-form').count(), 0);
    // The five games, each with its board drawn, its players and its pitch.
    await V.page.waitForFunction(() => document.querySelectorAll('#game-cards .game-card svg.board-svg').length === 5);
    const cards = await V.page.$$eval('#game-cards .game-card', (cs) => cs.map((c) => ({
      game: c.dataset.game,
      players: c.querySelector('.game-players').textContent,
      pitch: c.querySelectorAll('p')[1].textContent,
      drawn: c.querySelector('svg.board-svg').getBoundingClientRect().height,
    })));
    assert.deepEqual(cards.map((c) => c.game).sort(), ['abalone', 'groups-of-three', 'pinuid', 'trangouar', 'triominos']);
    for (const c of cards) {
      assert.match(c.players, /^\d( to \d)? players$/, `${c.game}: ${c.players}`);
      assert.ok(c.pitch.length > 20, `${c.game} has a pitch`);
      assert.ok(c.drawn > 60, `${c.game}'s board is drawn (${c.drawn}px)`);
    }
    // The lobby and Play now are there; on a phone, Play now and the name field are in the first screenful.
    await V.page.waitForSelector('#lobby li');
    await V.page.waitForSelector('#play-now:not([disabled])');
    assert.ok((await bottomOf(V.page, '#play-now')) <= viewport.height, 'Play now is on the first screen');
    assert.ok((await bottomOf(V.page, '#name')) <= viewport.height, 'the name field is on the first screen');
    await V.page.evaluate(() => window.scrollTo(0, 0));
    await V.page.screenshot({ path: `${(await import('./helpers.js')).SHOTS}/welcome-${size}.png` });

    // Play now asks for the name first, then goes on to a room.
    await V.page.click('#play-now');
    await V.page.waitForSelector('#name-needed:not([hidden])');
    assert.equal(await V.page.evaluate(() => document.activeElement.id), 'name');
    await V.page.fill('#name', `New${size}`);
    await V.page.press('#name', 'Enter');
    await V.page.waitForURL(/\/r\/[A-Z0-9]+$/);
    await V.page.waitForSelector('#seats li.me');
    assert.equal(await V.page.textContent('#me-name'), `New${size}`);
    // With a name, the home page keeps Play now on the first screen too.
    await V.page.goto(`${BASE}/`);
    await V.page.waitForSelector('#play-now:not([disabled])');
    assert.ok((await bottomOf(V.page, '#play-now')) <= viewport.height, 'Play now is on the home page\'s first screen');
    await V.page.screenshot({ path: `${(await import('./helpers.js')).SHOTS}/home-${size}.png` });
    clean(V.page);
    await V.ctx.close();
  });

  test(`an invite link says who invites to what, with the name field there (${size})`, async () => {
    const A = await newPlayer(browser, `Alice${size}`, viewport);
    const code = await createRoom(A.page, 'pinuid', 4, { variant: 'quatro' });
    // The host's room title names the variant as players say it.
    assert.match(await A.page.textContent('.room-title'), /^Pinuid Quatro · room /);
    const V = await visitor(browser, viewport);
    await V.page.goto(`${BASE}/r/${code}`);
    await V.page.waitForSelector('#name-form.invite');
    assert.equal(await V.page.textContent('#name-form h2'), `Alice${size} invites you to Pinuid Quatro (4 players)`);
    assert.equal(await V.page.evaluate(() => document.activeElement.id), 'name');
    await shot(V.page, `invite-${size}`);
    await V.page.fill('#name', `Guest${size}`);
    await V.page.press('#name', 'Enter');
    await V.page.waitForSelector(`#room[data-room="${code}"]`);
    await V.page.waitForSelector('#seats li.me');
    for (const p of [A, V]) {
      clean(p.page);
      await p.ctx.close();
    }
  });
}

test('an unknown match and the help pages speak a player\'s words', async () => {
  const V = await visitor(browser, SIZES.desktop);
  await V.page.goto(`${BASE}/m/00000000-0000-7000-8000-000000000000`);
  await V.page.waitForSelector('.card h1');
  assert.match(await V.page.textContent('main'), /This match does not exist/);
  await V.page.goto(`${BASE}/help/abalone`);
  await V.page.waitForSelector('#help');
  assert.doesNotMatch(await V.page.textContent('main'), /docs\/rules|project’s/);
  await V.ctx.close();
});

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`the room lists the moves, shows an earlier position, and warns a player who leaves (${size})`, async () => {
    const A = await newPlayer(browser, `Mona${size}`, viewport);
    const code = await createRoom(A.page, 'abalone', 2, {}, 'private', 'blitz');
    // The invite link keeps the room code in one piece, on one line.
    // (The share line is drawn again at each change of the room: read it once it is laid out.)
    const lines = await A.page.waitForFunction(() => {
      const c = document.querySelector('#room-link[data-ready="true"] .code');
      return c && c.isConnected && c.getClientRects().length ? c.getClientRects().length : null;
    });
    assert.equal(await lines.jsonValue(), 1, 'the code is not broken');
    assert.equal(await A.page.textContent('#room-link .code'), code);
    const B = await newPlayer(browser, `Nils${size}`, viewport);
    await B.page.goto(`${BASE}/r/${code}`);
    await B.page.waitForSelector('#seats li[data-seat="1"].me');
    await start(A.page);
    await B.page.waitForSelector('#board svg.board-svg');

    // On a phone: a one-line header, and the turn line, the clocks and the board on the first screen.
    if (size === 'phone') {
      await A.page.evaluate(() => window.scrollTo(0, 0));
      const header = await A.page.locator('header.top').boundingBox();
      assert.ok(header.height <= 52, `the header is one line (${header.height}px)`);
      for (const sel of ['#turn', '#clocks']) assert.ok((await bottomOf(A.page, sel)) <= viewport.height, `${sel} is on the first screen`);
      const board = await A.page.locator('#board svg.board-svg').boundingBox();
      assert.ok(board.y + board.height <= viewport.height, `the whole board is on the first screen (bottom at ${Math.round(board.y + board.height)}px)`);
      // The header's links are whole, not cut short.
      for (const sel of ['#account-link', '#lang']) {
        const cut = await A.page.$eval(sel, (e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > window.innerWidth);
        assert.equal(cut, false, `${sel} is whole`);
      }
      assert.equal(await A.page.evaluate(() => document.documentElement.scrollWidth), viewport.width, 'no sideways scrolling');
      await A.page.screenshot({ path: `${(await import('./helpers.js')).SHOTS}/room-first-screen-${size}.png` });
    }

    // Two moves: each side's list has them, numbered by turn. The moves come with the patches:
    // no page reads the match's history (`GET /api/v1/matches/{id}`) while it is played.
    const historyReads = [];
    for (const p of [A, B]) {
      p.page.on('request', (r) => {
        if (/\/api\/v1\/matches\/[^/?]+(\?|$)/.test(r.url())) historyReads.push(r.url());
      });
    }
    for (let i = 0; i < 2; i++) {
      const mover = await whoseTurn([A, B]);
      await pointAndPlay(mover.page);
      await waitPly(A.page, i + 1);
      await waitPly(B.page, i + 1);
    }
    for (const p of [A, B]) {
      await p.page.waitForFunction(() => document.querySelectorAll('#room-moves li[data-ply]').length === 2);
      // Two players: one row numbered 1 holds both sides' first moves.
      assert.deepEqual(await p.page.$$eval('#room-moves li.row .turn-head', (hs) => hs.map((x) => x.textContent.trim())), ['1.']);
      assert.equal(await p.page.locator('#room-moves li.row .turn li[data-ply]').count(), 2);
    }
    assert.deepEqual(historyReads, [], 'the move list follows the match without reading its history');
    // The first move shows the position after it, read-only, until "Back to the game".
    const boardNow = await A.page.$eval('#board svg.board-svg', (s) => s.innerHTML);
    await A.page.click('#room-moves li[data-ply="1"] button');
    await A.page.waitForSelector('#looking-back:not([hidden])');
    assert.match(await A.page.textContent('#looking-back'), /Move 1 of 2/);
    assert.notEqual(await A.page.$eval('#board svg.board-svg', (s) => s.innerHTML), boardNow, 'the board shows another position');
    assert.equal(await A.page.locator('#room-moves li[data-ply="1"].current').count(), 1);
    await shot(A.page, `room-move-list-${size}`);
    await A.page.click('#back-to-game');
    await A.page.waitForSelector('#looking-back', { state: 'hidden' });
    await A.page.waitForFunction((before) => document.querySelector('#board svg.board-svg').innerHTML.length > 0 && document.querySelector('#looking-back').hidden, boardNow);

    // Leaving by a link of the app asks first; staying keeps the room.
    await A.page.click('header a.brand');
    await A.page.waitForSelector('#leave-dialog[open]');
    assert.match(await A.page.textContent('#leave-dialog'), /still being played.*forfeit/s);
    await shot(A.page, `leave-warning-${size}`);
    await A.page.click('#leave-cancel');
    assert.match(A.page.url(), new RegExp(`/r/${code}$`));
    await A.page.click('header a.brand');
    await A.page.click('#leave-confirm');
    await A.page.waitForSelector('#create-form');

    // B resigns: A won, B lost, and B's result is not in a win's green.
    await B.page.click('#resign');
    await B.page.click('#resign-confirm');
    await B.page.waitForSelector('#result:not([hidden])');
    assert.equal(await B.page.getAttribute('#result', 'data-outcome'), 'lost');
    const colour = await B.page.$eval('#result', (r) => getComputedStyle(r).backgroundColor);
    assert.notEqual(colour, 'rgb(232, 245, 236)', 'a loss is not green');
    // The offer to keep the name comes after the final board.
    await B.page.waitForSelector('#keep-name');
    const order = await B.page.evaluate(() => {
      const board = document.querySelector('#board');
      const keep = document.querySelector('#keep-name');
      return board.compareDocumentPosition(keep) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    assert.ok(order, 'the keep-name offer follows the board');
    await shot(B.page, `result-lost-${size}`);

    // On the home page, the finished match counts moves, not plies.
    await B.page.goto(`${BASE}/`);
    await B.page.waitForSelector('#finished-matches li');
    const line = await B.page.textContent('#finished-matches li');
    assert.match(line, /2 moves/);
    assert.doesNotMatch(line, /plies|\(s\)/);
    for (const p of [A, B]) {
      clean(p.page);
      await p.ctx.close();
    }
  });
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`a player mutes a room's chat, or turns chat off everywhere, and it is kept (${size})`, async () => {
    const A = await newPlayer(browser, `Olga${size}`, viewport);
    const code = await createRoom(A.page, 'abalone', 2);
    const B = await newPlayer(browser, `Piet${size}`, viewport);
    await B.page.goto(`${BASE}/r/${code}`);
    await B.page.waitForSelector('#seats li[data-seat="1"].me');
    const say = async (P, text) => {
      await P.page.fill('#chat-text', text);
      await P.page.press('#chat-text', 'Enter');
      await P.page.waitForSelector(`#chat-list li.mine:has-text("${text}")`);
    };
    await say(A, 'first words');
    await B.page.waitForSelector('#chat-list li:has-text("first words")');
    // B reports A from A's line (the room goes with it); a second report while the first is open
    // is refused in words; B's own lines have no Report button.
    assert.equal(await A.page.locator('#chat-list li.mine .report-button').count(), 0);
    await B.page.click('#chat-list li:has-text("first words") .report-button');
    await B.page.waitForSelector('#report-dialog[open]');
    assert.equal(await B.page.inputValue('#report-reason'), 'chat');
    await B.page.fill('#report-text', 'rude words');
    await B.page.click('#report-send');
    await B.page.waitForSelector('#report-answer.ok');
    await shot(B.page, `report-sent-${size}`);
    await B.page.click('#report-close');
    await B.page.click('#chat-list li:has-text("first words") .report-button');
    await B.page.click('#report-send');
    await B.page.waitForSelector('#report-answer.error');
    assert.match(await B.page.textContent('#report-answer'), /already reported/);
    await B.page.click('#report-close');
    // B mutes the room: A's lines are held back, counted; B's own still show.
    await B.page.check('#chat-mute');
    assert.equal(await B.page.locator('#chat-list li:has-text("first words")').count(), 0);
    await say(A, 'second words');
    await B.page.waitForSelector('#chat-hidden:has-text("2 messages not shown")');
    await say(B, 'I still talk');
    await shot(B.page, `chat-muted-${size}`);
    // Kept through a reload (before the start the server sends no earlier lines); unmuting shows
    // what was said meanwhile.
    await B.page.reload();
    await B.page.waitForSelector('#seats li[data-seat="1"].me');
    assert.ok(await B.page.isChecked('#chat-mute'));
    await say(A, 'third words');
    await B.page.waitForSelector('#chat-hidden:has-text("1 message not shown")');
    await B.page.uncheck('#chat-mute');
    await B.page.waitForSelector('#chat-list li:has-text("third words")');
    assert.ok(await B.page.isHidden('#chat-hidden'));
    // Chat off in every match: no lines from others, no form, here and in another room.
    await B.page.check('#chat-off');
    assert.ok(await B.page.isHidden('#chat-form'));
    assert.equal(await B.page.locator('#chat-list li:has-text("third words")').count(), 0);
    const other = await createRoom(B.page, 'pinuid', 2);
    assert.ok(other !== code);
    assert.ok(await B.page.isChecked('#chat-off'));
    assert.ok(await B.page.isHidden('#chat-form'));
    assert.match(await B.page.textContent('#chat-hidden'), /Chat is off in all your matches/);
    // From a profile too: another's has the button, one's own has not.
    const aId = await A.page.evaluate(() => JSON.parse(localStorage.getItem('plateau.identity')).id);
    const bId = await B.page.evaluate(() => JSON.parse(localStorage.getItem('plateau.identity')).id);
    await B.page.goto(`${BASE}/p/${aId}`);
    await B.page.waitForSelector('#profile .report-button');
    await B.page.goto(`${BASE}/p/${bId}`);
    await B.page.waitForSelector('#profile-h');
    assert.equal(await B.page.locator('#profile .report-button').count(), 0);
    for (const p of [A, B]) {
      clean(p.page);
      await p.ctx.close();
    }
  });
}
