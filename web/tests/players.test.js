//! What a player does about other players and about its own data, in the browser, at 1280x800 and
//! 390x844: blocks a player from a chat line (its lines go at once and no more come), lists and lifts
//! blocks on the account page; downloads everything the server holds about it; closes its account
//! (a guest at once, an account with its password); and an account's language follows it to
//! another device.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, SIZES, launch, newPlayer, visitor, createRoom, shot, clean } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const identityOf = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('plateau.identity') || 'null'));
const unique = (base) => `${base}${Math.random().toString(36).slice(2, 7)}`;
const PASSWORD = 'correct horse battery';

async function say(P, text) {
  await P.page.fill('#chat-text', text);
  await P.page.press('#chat-text', 'Enter');
  await P.page.waitForSelector(`#chat-list li.mine:has-text("${text}")`);
}

/** Keeps the page's guest name with a password, from the account page. */
async function keepName(page) {
  await page.goto(`${BASE}/account`);
  await page.fill('#sign-up-password', PASSWORD);
  await page.fill('#sign-up-again', PASSWORD);
  await page.click('#sign-up-submit');
  await page.waitForSelector('#change-password');
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`a player blocks another from a chat line, and lifts it on the account page (${size})`, async () => {
    const A = await newPlayer(browser, unique('Ada'), viewport);
    const code = await createRoom(A.page, 'abalone', 2);
    const bName = unique('Bo');
    const B = await newPlayer(browser, bName, viewport);
    await B.page.goto(`${BASE}/r/${code}`);
    await B.page.waitForSelector('#seats li[data-seat="1"].me');
    await say(B, 'you will lose');
    await A.page.waitForSelector('#chat-list li:has-text("you will lose")');
    assert.equal(await A.page.locator('#chat-list li.mine .block-button').count(), 0, 'nobody blocks oneself');
    await A.page.click('#chat-list li:has-text("you will lose") .block-button');
    await A.page.click('#block-confirm');
    await A.page.waitForSelector('#chat-list li:has-text("you will lose")', { state: 'detached' });
    await say(B, 'still there?');
    await say(A, 'anyone?');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await A.page.locator('#chat-list li:has-text("still there?")').count(), 0, 'no more lines of the blocked player');
    await B.page.waitForSelector('#chat-list li:has-text("anyone?")');

    // The account page lists the block; lifting it empties the list.
    await A.page.goto(`${BASE}/account`);
    await A.page.waitForSelector(`#blocks-list li:has-text("${bName}")`);
    await shot(A.page, `blocks-${size}`);
    assert.equal(await A.page.evaluate(() => document.documentElement.scrollWidth), viewport.width, 'no sideways scroll');
    await A.page.click(`#blocks-list li:has-text("${bName}") .unblock`);
    await A.page.waitForSelector('#blocks-none');

    // From a profile: Block, then Unblock, with a note while blocked.
    const bId = (await identityOf(B.page)).id;
    await A.page.goto(`${BASE}/p/${bId}`);
    await A.page.click('#profile .block-button');
    await A.page.click('#block-confirm');
    await A.page.waitForSelector('#blocked-note:not([hidden])');
    await A.page.reload();
    await A.page.waitForSelector('#blocked-note:not([hidden])');
    assert.match(await A.page.textContent('#profile .block-button'), /Unblock/);
    await A.page.click('#profile .block-button');
    await A.page.waitForSelector('#blocked-note[hidden]', { state: 'attached' });
    for (const p of [A, B]) {
      clean(p.page);
      await p.ctx.close();
    }
  });

  test(`a player downloads its data and closes its account (${size})`, async () => {
    const name = unique('Cy');
    const C = await newPlayer(browser, name, viewport, { acceptDownloads: true });
    await keepName(C.page);
    const me = await identityOf(C.page);
    const downloading = C.page.waitForEvent('download');
    await C.page.click('#download-data');
    const file = await (await downloading).path();
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(lines.map((l) => l.kind).slice(0, 3), ['player', 'ratings', 'sessions']);
    assert.equal(lines[0].name, name);
    assert.equal(lines[0].has_password, true);

    // Closing asks again, with the password; a wrong one changes nothing.
    await C.page.click('#close-account');
    await C.page.waitForSelector('#close-ask:not([hidden])');
    await shot(C.page, `close-account-${size}`);
    await C.page.fill('#close-password', 'not my password');
    await C.page.click('#close-confirm');
    await C.page.waitForSelector('#data-error:has-text("not your current password")');
    assert.equal((await fetch(`${BASE}/api/v1/players/me`, { headers: { Authorization: `Bearer ${me.token}` } })).status, 200);
    await C.page.fill('#close-password', PASSWORD);
    await C.page.click('#close-confirm');
    await C.page.waitForURL(`${BASE}/`);
    await C.page.waitForSelector('#name');
    assert.equal(await identityOf(C.page), null, 'forgotten in this browser');
    assert.equal((await fetch(`${BASE}/api/v1/players/me`, { headers: { Authorization: `Bearer ${me.token}` } })).status, 401);
    // The name is free again.
    const again = await newPlayer(browser, name, viewport);
    await keepName(again.page);

    // A guest closes without a password.
    const G = await newPlayer(browser, unique('Gu'), viewport);
    await G.page.goto(`${BASE}/account`);
    await G.page.click('#close-account');
    assert.equal(await G.page.locator('#close-password').count(), 0);
    await G.page.click('#close-confirm');
    await G.page.waitForSelector('#name');
    for (const p of [C, again, G]) {
      clean(p.page);
      await p.ctx.close();
    }
  });
}

test('an account\'s language follows it to another device', async () => {
  const name = unique('Lou');
  const A = await newPlayer(browser, name, SIZES.desktop);
  await keepName(A.page);
  await A.page.selectOption('#lang', 'fr');
  await A.page.waitForFunction(() => document.documentElement.lang === 'fr');
  // Another browser, in English, signs in: the page speaks French.
  const other = await visitor(browser, SIZES.desktop, { locale: 'en-GB' });
  await other.page.goto(`${BASE}/signin`);
  await other.page.fill('#signin-name', name);
  await other.page.fill('#signin-password', PASSWORD);
  await other.page.click('#signin-submit');
  await other.page.waitForFunction(() => document.documentElement.lang === 'fr');
  assert.equal(await other.page.evaluate(() => localStorage.getItem('plateau.lang')), 'fr');
  for (const p of [A, other]) {
    clean(p.page);
    await p.ctx.close();
  }
});
