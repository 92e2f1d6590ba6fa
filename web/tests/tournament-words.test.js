//! A tournament says what it is (issue 49, point 7), in Chromium: the creation form explains each
//! kind in a line and takes a start time (1280×800, English); a tournament's page counts the
//! entrants its table lists, those who left said apart; and an arena's entrant on a phone, in
//! French, reads that it is over once its time is up, without a reload (390×844).

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

const text = (page, sel) => page.$eval(sel, (e) => e.textContent.replace(/\s+/g, ' ').trim());

/** An admin's page (admins make public tournaments), at `viewport`, in `locale`. */
async function arbiter(name, viewport, locale = 'en-GB') {
  const A = await visitor(browser, viewport, { locale });
  await A.page.goto(`${BASE}/`);
  await A.page.fill('#name', name);
  await A.page.press('#name', 'Enter');
  await A.page.waitForSelector(`#me-name:text("${name}")`);
  grantAdmin(await idOf(A.page));
  await A.page.reload();
  await A.page.waitForSelector('#mod-link');
  return A;
}

test('the creation form explains each kind and takes a start time; the page counts its table', async () => {
  const M = await arbiter('Planner', SIZES.desktop);
  await M.page.click('.new-tournament summary');
  await M.page.selectOption('#tournament-kind', 'arena');
  assert.match(await text(M.page, '#tournament-kind-line'), /^Arena: for a set time/);
  await M.page.selectOption('#tournament-kind', 'swiss');
  assert.match(await text(M.page, '#tournament-kind-line'), /^Swiss: a set number of rounds/);
  await M.page.selectOption('#tournament-kind', 'round_robin');
  assert.match(await text(M.page, '#tournament-kind-line'), /^Round robin: everybody plays everybody/);
  await M.page.selectOption('#tournament-kind', 'swiss');
  await M.page.fill('#tournament-name', 'Tomorrow evening');
  await M.page.selectOption('#tournament-game', 'abalone');
  await M.page.fill('#tournament-length', '3');
  // Tomorrow at 20:30, this machine's time.
  const at = new Date();
  at.setDate(at.getDate() + 1);
  at.setHours(20, 30, 0, 0);
  const local = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}T20:30`;
  await M.page.fill('#tournament-starts', local);
  await M.page.check('#tournament-public');
  await shot(M.page, 'tournament-form-desktop');
  await M.page.click('#tournament-create');
  await M.page.waitForURL(/\/t\/[0-9a-f-]{36}$/);
  const id = new URL(M.page.url()).pathname.split('/').pop();
  await M.page.waitForSelector('#tournament[data-status="upcoming"]');
  const stored = await M.page.evaluate(async (tid) => (await (await fetch(`/api/v1/tournaments/${tid}`)).json()).starts_at, id);
  assert.equal(Date.parse(stored), at.getTime(), 'it starts when the form said');

  // Two enter, one leaves: the table lists both, and the count says so.
  const players = [];
  for (const name of ['Wendy', 'Xavier']) {
    const P = await newPlayer(browser, name, SIZES.desktop);
    await P.page.goto(`${BASE}/t/${id}`);
    await P.page.click('#tournament-join');
    await P.page.waitForSelector('#tournament-withdraw');
    players.push(P);
  }
  await players[1].page.click('#tournament-withdraw');
  await players[1].page.waitForSelector('#tournament-join');
  await M.page.waitForFunction(() => document.querySelectorAll('#standings tbody tr').length === 2);
  await M.page.waitForFunction(() => document.querySelector('#tournament-summary').textContent.includes('2 players (1 left)'));
  clean(M.page);
  for (const P of players) {
    clean(P.page);
    await P.ctx.close();
  }
  await M.ctx.close();
});

test('an arena past its end reads over for its entrant, on a phone, in French', { timeout: 150000 }, async () => {
  const M = await arbiter('Camille', SIZES.phone, 'fr-FR');
  await M.page.waitForFunction(() => document.documentElement.lang === 'fr');
  await M.page.click('.new-tournament summary');
  await M.page.selectOption('#tournament-kind', 'arena');
  assert.match(await text(M.page, '#tournament-kind-line'), /^Arène : pendant une durée fixée/);
  await M.page.fill('#tournament-name', 'Arène éclair');
  await M.page.selectOption('#tournament-game', 'abalone');
  await M.page.fill('#tournament-length', '1');
  await M.page.check('#tournament-public');
  await M.page.click('#tournament-create');
  await M.page.waitForURL(/\/t\/[0-9a-f-]{36}$/);
  await M.page.click('#tournament-join');
  // Alone: nobody to be paired with, so she waits, until the minute is up.
  await M.page.waitForSelector('#tournament-withdraw');
  assert.equal(await text(M.page, '#tournament-next'), 'En attente de votre prochaine partie…');
  await M.page.waitForFunction(() => document.querySelector('#tournament-next')?.textContent === 'Ce tournoi est terminé.', null, { timeout: 90000 });
  assert.equal(await M.page.isVisible('#tournament-withdraw'), false, 'nothing to leave');
  assert.equal(await M.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  await shot(M.page, 'fr-tournament-arena-over-phone');
  clean(M.page);
  await M.ctx.close();
});
