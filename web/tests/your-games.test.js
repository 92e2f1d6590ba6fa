//! Your games (issue 48, point 5; issue 49, point 6), in Chromium at 1280×800 and 390×844, in
//! English and French: while a match is under way, every page but its own room shows the bar
//! "Game in progress — Resume" and how many games await the player's move; /games lists them; a
//! move of the opponent changes both live, without a reload; Resume takes the player to the board.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, visitor, createRoom, start, pointAndPlay, shot, clean } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const WORDS = {
  en: { progress: 'Game in progress', resume: 'Resume', awaits: '1 game awaits your move', yours: 'Your games', yourMove: 'Your move', theirs: 'Bob to move' },
  fr: { progress: 'Partie en cours', resume: 'Reprendre', awaits: '1 partie attend votre coup', yours: 'Vos parties', yourMove: 'À vous de jouer', theirs: 'Au tour de Bob' },
};

/** A player named `name` on a browser speaking `lang`, at `viewport`. */
async function speaker(name, lang, viewport) {
  if (lang === 'en') return newPlayer(browser, name, viewport);
  const P = await visitor(browser, viewport, { locale: 'fr-FR' });
  await P.page.goto(`${BASE}/`);
  await P.page.fill('#name', name);
  await P.page.press('#name', 'Enter');
  await P.page.waitForSelector(`#me-name:text("${name}")`);
  return P;
}

const text = (page, sel) => page.$eval(sel, (e) => e.textContent.replace(/\s+/g, ' ').trim());

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const lang of ['en', 'fr']) {
    test(`the games bar and /games follow a match live (${lang}, ${size})`, async () => {
      const w = WORDS[lang];
      const B = await newPlayer(browser, 'Bob', SIZES.desktop);
      const A = await speaker('Alice', lang, viewport);
      // Bob hosts a private room (host first: he moves first); Alice takes the other seat.
      const code = await createRoom(B.page, 'abalone', 2);
      await A.page.goto(`${BASE}/r/${code}`);
      await A.page.waitForSelector('#seats li[data-seat="1"].me');
      await start(B.page);
      await A.page.waitForSelector('#room[data-status="playing"]');
      // In the room itself, nothing to resume.
      assert.equal(await A.page.isHidden('#games-bar'), true, 'no bar over the game it would resume');

      // Her games, by the header's link: Bob's move, none awaits hers.
      await A.page.goto(`${BASE}/games`);
      await A.page.waitForSelector(`#your-games li[data-room="${code}"]`);
      assert.match(await text(A.page, `#your-games li[data-room="${code}"]`), new RegExp(w.theirs));
      await A.page.waitForSelector('#games-bar:not([hidden])');
      assert.match(await text(A.page, '#games-bar'), new RegExp(`${w.progress}.*${w.resume}`));
      assert.equal(await text(A.page, '#games-count'), w.yours);

      // Bob moves: her page and its header change without a reload.
      await pointAndPlay(B.page);
      await A.page.waitForFunction((want) => document.querySelector('#games-count')?.textContent === want, w.awaits);
      await A.page.waitForFunction(
        ([room, want]) => document.querySelector(`#your-games li[data-room="${room}"]`)?.textContent.includes(want),
        [code, w.yourMove],
      );
      assert.equal(await A.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'nothing wider than the screen');
      await shot(A.page, `your-games-${lang}-${size}`);

      // On another page the bar is there too, and Resume is one tap to the board.
      await A.page.click('#account-link');
      await A.page.waitForURL(`${BASE}/account`);
      await A.page.waitForSelector('#games-bar:not([hidden]) #games-bar-resume');
      const box = await A.page.locator('#games-bar').boundingBox();
      assert.ok(box.y < 120, `the bar is at the top: ${box.y}`);
      assert.equal(await text(A.page, '#games-count'), w.awaits);
      await shot(A.page, `games-bar-${lang}-${size}`);
      await A.page.click('#games-bar-resume');
      await A.page.waitForURL(`${BASE}/r/${code}`);
      await A.page.waitForSelector('#room[data-my-turn="true"]');
      await A.page.waitForSelector('#games-bar[hidden]', { state: 'attached' });

      // She resigns: the match is over, the bar and the count go.
      await A.page.goto(`${BASE}/games`);
      await A.page.waitForSelector(`#your-games li[data-room="${code}"]`);
      // Bob resigns (his page's own connection).
      assert.equal(await B.page.evaluate((room) => window.__plateau.conn.send({ type: 'resign', room }), code), true);
      await A.page.waitForSelector('#no-games');
      await A.page.waitForSelector('#games-bar[hidden]', { state: 'attached' });
      clean(A.page);
      clean(B.page);
      await A.ctx.close();
      await B.ctx.close();
    });
  }
}
