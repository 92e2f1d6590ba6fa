//! The room page for people, in headless Chromium at a desktop and a phone size: the invite link
//! uses the server's public address (--public-url) and is offered only while there is a seat to
//! fill, a host who gave up the only taken seat can sit again, and "your turn" reaches a player
//! whose tab is in the background (title, icon badge, and, when switched on, sound and notification).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, createRoom, openRoom, start, pointAndPlay, whoseTurn, shot, clean } from './helpers.js';

/** run.sh starts the server with this --public-url (another name for the same server). */
const PUBLIC = process.env.PLATEAU_PUBLIC_URL;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`the invite link uses the public address, for seated players of a waiting room only (${size})`, async () => {
    const A = await newPlayer(browser, 'Hana', viewport);
    const code = await createRoom(A.page, 'pinuid', 2);
    await A.page.waitForSelector('#room-link[data-ready="true"]');
    const text = await A.page.textContent('#room-link');
    assert.equal(text, `${PUBLIC ? PUBLIC.replace(/\/$/, '') : BASE}/r/${code}`);
    assert.ok(!/127\.0\.0\.1/.test(text) || !PUBLIC, `not the host's own address: ${text}`);
    await shot(A.page, `room-invite-${size}`);
    // A spectator gets no invitation, only the spectator link.
    const S = await newPlayer(browser, 'Ivo', viewport);
    await openRoom(S.page, code, true);
    await S.page.waitForSelector('#watching');
    assert.equal(await S.page.locator('#room-link, #copy-link').count(), 0);
    // Once the match runs, nobody is invited any more.
    await start(A.page, true);
    assert.equal(await A.page.locator('#room-link, #copy-link').count(), 0);
    await S.page.waitForSelector('#watch-link');
    for (const p of [A, S]) {
      clean(p.page);
      await p.ctx.close();
    }
  });

  test(`a host who gives up the only taken seat can sit again (${size})`, async () => {
    const A = await newPlayer(browser, 'Jon', viewport);
    const code = await createRoom(A.page, 'trangouar', 3, {}, 'public');
    await A.page.click('#leave');
    await A.page.waitForSelector('#room-closed');
    assert.equal(await A.page.locator('#watching').count(), 0, 'not left "watching" a closed room');
    await shot(A.page, `room-closed-${size}`);
    const tapped = await A.page.locator('#sit-again').boundingBox();
    assert.ok(tapped.height >= 40, `a tap target (${tapped.height}px)`);
    await A.page.click('#sit-again');
    await A.page.waitForURL((u) => /\/r\/[A-Z0-9]+$/.test(u.pathname) && !u.pathname.endsWith(code));
    await A.page.waitForSelector('#seats li[data-seat="0"].me');
    const room = await A.page.evaluate(() => window.__plateau.page.state.room);
    assert.equal(room.game, 'trangouar');
    assert.equal(room.players, 3);
    assert.equal(room.visibility, 'public');
    await A.page.waitForSelector('#start');
    // The other way out: a new room of any game.
    await A.page.click('#leave');
    await A.page.click('#new-room');
    await A.page.waitForSelector('#create-form');
    clean(A.page);
    await A.ctx.close();
  });
}

test('your turn: title and icon badge, and (switched on) a sound and a notification while the tab is hidden', async () => {
  const A = await newPlayer(browser, 'Kim', SIZES.desktop);
  // The page's Notification is a stand-in that records what is shown and grants when asked.
  await A.page.addInitScript(() => {
    window.__shown = [];
    window.__asked = 0;
    let permission = 'default';
    class Watched {
      constructor(title, opts) {
        window.__shown.push({ title, body: opts && opts.body });
      }
      close() {}
      static get permission() {
        return permission;
      }
      static async requestPermission() {
        window.__asked += 1;
        permission = 'granted';
        return permission;
      }
    }
    window.Notification = Watched;
    // The tab can be sent to the background from the test.
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => window.__hidden === true });
    window.__beeps = 0;
    const Ctx = window.AudioContext;
    window.AudioContext = class extends Ctx {
      createOscillator() {
        window.__beeps += 1;
        return super.createOscillator();
      }
    };
  });
  const B = await newPlayer(browser, 'Lou', SIZES.desktop);
  await A.page.goto(`${BASE}/`);
  const code = await createRoom(A.page, 'pinuid', 2);
  await B.page.goto(`${BASE}/r/${code}`);
  await B.page.waitForSelector('#seats li[data-seat="1"].me');
  // Off by default; ticking "notification" asks the browser once.
  await A.page.click('#alerts summary');
  assert.equal(await A.page.isChecked('#alert-sound'), false);
  assert.equal(await A.page.isChecked('#alert-notify'), false);
  await A.page.check('#alert-notify');
  await A.page.check('#alert-sound');
  await A.page.uncheck('#alert-notify');
  await A.page.check('#alert-notify');
  await A.page.waitForFunction(() => localStorage.getItem('plateau.alert.notify') === 'on');
  assert.equal(await A.page.evaluate(() => window.__asked), 1);
  await start(A.page);
  await B.page.waitForSelector('#board svg.board-svg');

  const first = await whoseTurn([A, B]);
  const [mover, other] = first === A ? [A, B] : [B, A];
  assert.match(await mover.page.title(), /^● Your turn · Pinuid/);
  assert.equal(await mover.page.getAttribute('link[rel="icon"]', 'href'), '/favicon-turn.svg');
  assert.doesNotMatch(await other.page.title(), /Your turn/);
  assert.equal(await other.page.getAttribute('link[rel="icon"]', 'href'), '/favicon.svg');

  // Kim's tab goes to the background; when her turn comes, she hears and sees it.
  if (mover === A) await pointAndPlay(A.page);
  await A.page.evaluate(() => { window.__hidden = true; });
  await whoseTurn([B]);
  await pointAndPlay(B.page);
  await A.page.waitForFunction(() => window.__shown.length === 1);
  assert.deepEqual(await A.page.evaluate(() => window.__shown), [{ title: 'Your turn', body: 'Pinuid' }]);
  assert.ok((await A.page.evaluate(() => window.__beeps)) > 0, 'a sound was played');
  assert.match(await A.page.title(), /^● Your turn/);
  await shot(A.page, 'your-turn');
  // A visible tab is not disturbed: Lou has the sound on too, but looks at the page.
  await B.page.evaluate(() => localStorage.setItem('plateau.alert.notify', 'on'));
  await A.page.evaluate(() => { window.__hidden = false; });
  await pointAndPlay(A.page);
  assert.doesNotMatch(await A.page.title(), /Your turn/);
  for (const p of [A, B]) {
    clean(p.page);
    await p.ctx.close();
  }
});
