//! Accounts in the browser, against the real server: a guest keeps its name with a password, signs
//! in by name and password from another browser, changes the password, signs out here and
//! everywhere; the clear words for a wrong password (401), a taken name (409) and too many failures
//! (429 with its wait); and the "keep my name" offer a guest gets at the end of its first match.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPlayer, createRoom, shot, clean } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A page with no identity yet (a fresh browser), errors and foreign requests recorded. */
async function freshPage() {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await ctx.newPage();
  page.foreign = [];
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return { ctx, page };
}

const identityOf = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('plateau.identity') || 'null'));

/** Whether the server still takes `token` (`GET /players/me`). */
async function tokenWorks(token) {
  const res = await fetch(`${BASE}/api/v1/players/me`, { headers: { Authorization: `Bearer ${token}` } });
  return res.status === 200;
}

/** Signs in through the sign-in page; waits for the home page. */
async function signInWith(page, name, password) {
  await page.goto(`${BASE}/signin`);
  await page.fill('#signin-name', name);
  await page.fill('#signin-password', password);
  await page.click('#signin-submit');
}

/** A unique name: the server keeps names for good once they have a password. */
const unique = (base) => `${base}${Math.random().toString(36).slice(2, 7)}`;

test('sign up, sign in elsewhere, change the password, sign out here and everywhere', async () => {
  const name = unique('Kim');
  const A = await newPlayer(browser, name);
  assert.match(await A.page.textContent('#whoami'), /\(guest\)/);
  await A.page.click('#account-link');
  await A.page.waitForSelector('#sign-up');
  assert.match(await A.page.textContent('#account-kind'), /A guest/);
  // Two different passwords, or a short one, are refused on the page; nothing is sent.
  await A.page.fill('#sign-up-password', 'correct horse battery');
  await A.page.fill('#sign-up-again', 'correct horse battery!');
  await A.page.click('#sign-up-submit');
  assert.match(await A.page.textContent('#sign-up .error'), /The two passwords differ/);
  await A.page.fill('#sign-up-password', 'correct horse battery');
  await A.page.fill('#sign-up-again', 'correct horse battery');
  await A.page.click('#sign-up-submit');
  await A.page.waitForSelector('#account-status:has-text("is yours")');
  assert.match(await A.page.textContent('#account-kind'), /Your account/);
  assert.doesNotMatch(await A.page.textContent('#whoami'), /guest/);
  assert.equal(await A.page.textContent('#account-link'), 'Account');
  await shot(A.page, 'account-signed-up');
  const a = await identityOf(A.page);

  // Another browser: the sign-in page, a wrong password first (said plainly), then the right one
  // with the name in another case. The same player, with a token of its own.
  const B = await freshPage();
  await B.page.goto(`${BASE}/`);
  await B.page.click('#to-signin');
  await B.page.waitForSelector('#signin-form');
  await signInWith(B.page, name.toLowerCase(), 'not the password');
  await B.page.waitForSelector('#signin-error:not(:empty)');
  assert.match(await B.page.textContent('#signin-error'), /do not match an account/);
  await shot(B.page, 'signin-wrong');
  await signInWith(B.page, name.toLowerCase(), 'correct horse battery');
  await B.page.waitForSelector('#create-form');
  await B.page.waitForSelector(`#me-name:text("${name}")`);
  const b = await identityOf(B.page);
  assert.equal(b.id, a.id);
  assert.notEqual(b.token, a.token);
  assert.ok(await tokenWorks(a.token), 'signing in elsewhere keeps the other sessions');

  // A guest may not take the name (any case) any more.
  const G = await freshPage();
  await G.page.goto(`${BASE}/`);
  await G.page.fill('#name', name.toUpperCase());
  await G.page.press('#name', 'Enter');
  await G.page.waitForSelector('#name-form .error:not(:empty)');
  assert.match(await G.page.textContent('#name-form .error'), /belongs to an account: choose another name, or sign in/);

  // B changes the password: without the current one it is refused (said plainly); with it, the old
  // one no longer signs in, the new one does, and every other device (A) is signed out at once.
  await B.page.click('#account-link');
  await B.page.waitForSelector('#change-password');
  await B.page.fill('#change-password-current', 'not the password');
  await B.page.fill('#change-password-password', 'a much better password');
  await B.page.fill('#change-password-again', 'a much better password');
  await B.page.click('#change-password-submit');
  await B.page.waitForSelector('#change-password .error:not(:empty)');
  assert.match(await B.page.textContent('#change-password .error'), /not your current password/);
  await B.page.fill('#change-password-current', 'correct horse battery');
  await B.page.fill('#change-password-password', 'a much better password');
  await B.page.fill('#change-password-again', 'a much better password');
  await B.page.click('#change-password-submit');
  await B.page.waitForSelector('#account-status:has-text("password is changed")');
  assert.match(await B.page.textContent('#account-status'), /Every other device is signed out/);
  assert.equal(await tokenWorks(a.token), false, 'the other device is signed out');
  assert.ok(await tokenWorks(b.token), 'the device that changed it stays in');
  const C = await freshPage();
  await signInWith(C.page, name, 'correct horse battery');
  await C.page.waitForSelector('#signin-error:not(:empty)');
  await signInWith(C.page, name, 'a much better password');
  await C.page.waitForSelector(`#me-name:text("${name}")`);
  const c = await identityOf(C.page);

  // C signs out: its token is dead, the page asks for a name again; B is still in.
  await C.page.click('#account-link');
  await C.page.click('#sign-out');
  await C.page.waitForSelector('#name-form');
  assert.equal(await identityOf(C.page), null);
  assert.equal(await tokenWorks(c.token), false);
  assert.ok(await tokenWorks(b.token));

  // D waits in a room (its WebSocket open) while B signs out everywhere (asked once more first):
  // every token is dead, and D's open connection is closed at once: D is told it was signed out,
  // and offered to sign in again (not to pick a new name: the account is still there).
  const D = await freshPage();
  await signInWith(D.page, name, 'a much better password');
  await D.page.waitForSelector(`#me-name:text("${name}")`);
  const d = await identityOf(D.page);
  await createRoom(D.page, 'pinuid', 2);
  await B.page.click('#sign-out-everywhere');
  assert.ok(await B.page.isVisible('#sign-out-everywhere-ask'));
  await shot(B.page, 'sign-out-everywhere');
  await B.page.click('#sign-out-everywhere-confirm');
  await B.page.waitForSelector('#name-form');
  assert.equal(await tokenWorks(b.token), false);
  assert.equal(await tokenWorks(d.token), false);
  await D.page.waitForSelector('#conn button:text("Sign in again")');
  assert.match(await D.page.textContent('#conn'), /You were signed out/);
  await D.page.click('#conn button');
  await D.page.waitForSelector('#signin-form');
  assert.equal(await identityOf(D.page), null);
  for (const p of [A, B, C, D, G]) {
    clean(p.page);
    await p.ctx.close();
  }
});

test('a name another guest kept is refused with a clear word (409)', async () => {
  const name = unique('Dup');
  const A = await newPlayer(browser, name);
  const B = await newPlayer(browser, name); // two guests may share a name until one keeps it
  await A.page.goto(`${BASE}/account`);
  await A.page.fill('#sign-up-password', 'first to keep it');
  await A.page.fill('#sign-up-again', 'first to keep it');
  await A.page.click('#sign-up-submit');
  await A.page.waitForSelector('#account-status:has-text("is yours")');
  await B.page.goto(`${BASE}/account`);
  await B.page.fill('#sign-up-password', 'second to try');
  await B.page.fill('#sign-up-again', 'second to try');
  await B.page.click('#sign-up-submit');
  await B.page.waitForSelector('#sign-up .error:not(:empty)');
  assert.match(await B.page.textContent('#sign-up .error'), /already kept by another account/);
  assert.match(await B.page.textContent('#account-kind'), /A guest/);
  for (const p of [A, B]) {
    clean(p.page);
    await p.ctx.close();
  }
});

test('too many failed sign-ins: the page says how long to wait (429, Retry-After)', async () => {
  // An account made over the API; then the name's budget of failures is spent.
  const name = unique('Lock');
  const made = await (await fetch(`${BASE}/api/v1/players`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) })).json();
  const put = await fetch(`${BASE}/api/v1/players/me/password`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${made.token}` }, body: JSON.stringify({ password: 'the right password' }) });
  assert.equal(put.status, 204);
  let status = 0;
  for (let i = 0; i < 20 && status !== 429; i++) {
    status = (await fetch(`${BASE}/api/v1/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, password: `wrong ${i}` }) })).status;
  }
  assert.equal(status, 429);
  // Now even the right password waits, and the page says for how long.
  const P = await freshPage();
  await signInWith(P.page, name, 'the right password');
  await P.page.waitForSelector('#signin-error:not(:empty)');
  assert.match(await P.page.textContent('#signin-error'), /^Too many failed attempts\. Try again in \d+ (seconds?|minutes|hours)\.$/);
  assert.equal(await identityOf(P.page), null);
  await shot(P.page, 'signin-rate-limited');
  clean(P.page);
  await P.ctx.close();
});

/** Plays against the computer from the home page and resigns at once: a finished match. */
async function quickMatch(page) {
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#bot-form');
  await page.selectOption('#bot-game', 'pinuid');
  await page.click('#play-bots');
  await page.waitForSelector('#room[data-status="playing"]');
  await page.click('#resign');
  await page.waitForSelector('#resign-dialog[open]');
  await page.click('#resign-confirm');
  await page.waitForSelector('#result:not([hidden])');
}

test('"keep my name" after a guest\'s first match: dismissed for good, or taken', async () => {
  const A = await newPlayer(browser, unique('Guest'));
  await quickMatch(A.page);
  await A.page.waitForSelector('#keep-name');
  assert.match(await A.page.textContent('#keep-name'), /Keep the name/);
  await shot(A.page, 'keep-name-offer');
  await A.page.click('#keep-name-dismiss');
  assert.equal(await A.page.locator('#keep-name').count(), 0);
  // Dismissed: not offered again after the next match.
  await quickMatch(A.page);
  await A.page.waitForSelector('#breakdown');
  assert.equal(await A.page.locator('#keep-name').count(), 0);

  // Another guest takes the offer: the name is kept, and the offer does not come back.
  const B = await newPlayer(browser, unique('Keeper'));
  await quickMatch(B.page);
  await B.page.waitForSelector('#keep-name');
  await B.page.fill('#keep-name-form-password', 'keep it for me');
  await B.page.fill('#keep-name-form-again', 'keep it for me');
  await B.page.click('#keep-name-form-submit');
  await B.page.waitForSelector('#keep-name-done');
  assert.equal(await B.page.textContent('#account-link'), 'Account');
  await quickMatch(B.page);
  await B.page.waitForSelector('#breakdown');
  assert.equal(await B.page.locator('#keep-name').count(), 0);
  for (const p of [A, B]) {
    clean(p.page);
    await p.ctx.close();
  }
});
