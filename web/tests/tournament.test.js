//! Tournaments in the browser: an admin (made from the command line) creates a public arena from
//! the home page; two strangers find it (one on its home page, one on the welcome page of a first
//! visit, on a phone), join it, are
//! taken to their match by themselves as soon as it is paired, and back to the standings once it is
//! over; the arbiter's page shows the standings change live, the winner with the win's 2 points.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, visitor, shot, clean, idOf, grantAdmin } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('strangers join a public arena from the home page and are taken to their match and back', async () => {
  const M = await newPlayer(browser, 'Arbiter', SIZES.desktop);
  grantAdmin(await idOf(M.page));
  await M.page.reload();
  await M.page.waitForSelector('#mod-link');
  await M.page.click('.new-tournament summary');
  await M.page.fill('#tournament-name', 'Evening arena');
  await M.page.selectOption('#tournament-kind', 'arena');
  await M.page.selectOption('#tournament-game', 'abalone');
  await M.page.selectOption('#tournament-players', '2');
  await M.page.fill('#tournament-length', '30');
  await M.page.check('#tournament-public');
  await M.page.click('#tournament-create');
  await M.page.waitForURL(/\/t\/[0-9a-f-]{36}$/);
  const id = new URL(M.page.url()).pathname.split('/').pop();
  await M.page.waitForSelector('#tournament[data-status="running"]');

  const players = [];
  // A player with a name finds it on the home page.
  const S = await newPlayer(browser, 'Stranger', SIZES.desktop);
  await S.page.click(`#tournaments li[data-tournament="${id}"] a`);
  await S.page.waitForURL(`${BASE}/t/${id}`);
  players.push(S);
  // A first visit on a phone finds it on the welcome page, and names itself to go in.
  const P = await visitor(browser, SIZES.phone);
  await P.page.goto(`${BASE}/`);
  await P.page.click(`#tournaments li[data-tournament="${id}"] a`);
  await P.page.waitForURL(`${BASE}/t/${id}`);
  await P.page.fill('#name', 'Passerby');
  await P.page.press('#name', 'Enter');
  players.push(P);
  for (const Q of players) {
    await Q.page.click('#tournament-join');
    await Q.page.waitForSelector('#tournament-withdraw');
  }
  await shot(players[0].page, 'tournament-joined-desktop');
  // Paired at once, and taken to the room with a countdown; the match starts by itself.
  for (const P of players) {
    await P.page.waitForURL(/\/r\/[A-Z0-9]+$/, { timeout: 20000 });
    await P.page.waitForSelector('#room[data-status="playing"]');
  }
  const [A, B] = players;
  assert.equal(new URL(A.page.url()).pathname, new URL(B.page.url()).pathname, 'both in one room');
  // The room names its tournament and links to it.
  for (const P of players) {
    await P.page.waitForSelector('#tournament-back:not([hidden])');
    assert.match(await P.page.textContent('#tournament-back'), /A match of Evening arena\. See the standings/);
    assert.equal(await P.page.getAttribute('#tournament-link', 'href'), `/t/${id}`);
  }
  await shot(B.page, 'tournament-match-phone');
  // Stranger resigns: the match is over, and both pages go back to the standings.
  await A.page.click('#resign');
  await A.page.waitForSelector('#resign-dialog[open]');
  const back = players.map((P) => P.page.waitForURL(`${BASE}/t/${id}`, { timeout: 20000 }));
  await A.page.click('#resign-confirm');
  // The way back is offered, and taken by itself a few seconds later.
  await A.page.waitForSelector('#tournament-back:has-text("Back to the tournament")');
  assert.match(await A.page.textContent('#tournament-back'), /Back to the tournament in 5 s/);
  // No rematch: the tournament pairs its players.
  await A.page.waitForSelector('#result:not([hidden])');
  assert.equal(await A.page.locator('#rematch, #rematch-join').count(), 0, 'no rematch in a tournament');
  await Promise.all(back);
  // The arbiter's page, open all along, shows the result live: Passerby first with 2 points.
  const bId = await idOf(B.page);
  await M.page.waitForFunction((player) => {
    const cell = document.querySelector(`#standings tr[data-player="${player}"] td.points`);
    return cell && cell.textContent.trim() === '2';
  }, bId);
  assert.match(await M.page.textContent('#standings tbody tr:first-child'), /Passerby/);
  await shot(M.page, 'tournament-standings-desktop');
  for (const P of [M, ...players]) {
    clean(P.page);
    await P.ctx.close();
  }
});
