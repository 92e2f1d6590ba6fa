//! Challenges in the browser (issue 47, points 2, 3 and 9; issue 48, point 4): a person challenges
//! a bot account from its profile, which shows its author's description, and waits in the room
//! the bot accepts through the API; a person challenges another person from the profile, and the
//! one challenged, on another page, sees the challenge, accepts, and both are in the room; after
//! the first move of that correspondence match the room offers "Notify me when it is my turn";
//! a challenge declined with a reason is said to the challenger. At 1280×800 and 390×844, in
//! English and in French.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, idOf, whoseTurn, pointAndPlay, clean } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const unique = (base) => `${base}${Math.random().toString(36).slice(2, 7)}`;

async function call(method, path, token, body) {
  const answer = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await answer.text();
  assert.ok(answer.ok, `${method} ${path}: ${answer.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A bot account with a description, made through the API as docs/bots.md makes one; `token` its program's. */
async function newBot(description) {
  const me = await call('POST', '/api/v1/players', null, { name: unique('Robo') });
  await call('PUT', '/api/v1/players/me/password', me.token, { password: 'a long password of its own' });
  const { token } = await call('POST', '/api/v1/players/me/tokens', me.token, { name: 'bot', scopes: ['bot:play', 'read'] });
  await call('POST', '/api/v1/bot/account/upgrade', token, {});
  await call('PUT', '/api/v1/bot/account', token, { description });
  return { ...me, token };
}

/** The first challenge line of `token`'s event stream (GET /api/v1/stream/event), as a bot reads it. */
async function firstChallenge(token) {
  const answer = await fetch(`${BASE}/api/v1/stream/event`, { headers: { authorization: `Bearer ${token}` } });
  const reader = answer.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    assert.ok(!done, 'the event stream ended before a challenge');
    buffered += decoder.decode(value, { stream: true });
    for (const line of buffered.split('\n').slice(0, -1)) {
      if (line.trim() && JSON.parse(line).type === 'challenge') {
        await reader.cancel();
        return JSON.parse(line).challenge;
      }
    }
  }
}

/** Opens `player`'s profile on `page` and sends it a challenge: Abalone, a day a move. Returns the room's code. */
async function challengeFromProfile(page, player, words) {
  await page.goto(`${BASE}/p/${player}`);
  const button = page.locator('#challenge-button');
  assert.equal((await button.textContent()).trim(), words.button);
  await button.click();
  await page.waitForSelector('#challenge-form');
  await page.selectOption('#challenge-form #game', 'abalone');
  assert.deepEqual(await page.$$eval('#challenge-form #players option', (os) => os.map((o) => o.value)), ['2'], 'one challenged: two seats');
  assert.ok(await page.locator('#challenge-form #options').count(), 'the options as the catalogue gives them');
  await page.selectOption('#challenge-form #clock', 'corr1');
  await page.click('#challenge-send');
  await page.waitForURL(/\/r\/[A-Z0-9]+$/);
  await page.waitForSelector('#room[data-status="waiting"]');
  return page.url().split('/r/')[1];
}

const WORDS = {
  en: { locale: 'en-GB', button: 'Challenge', about: 'About this bot', incoming: 'challenges you to Abalone', declined: 'declined your challenge', reason: 'Not now, sorry' },
  fr: { locale: 'fr-FR', button: 'Défier', about: 'À propos de ce bot', incoming: 'vous défie à Abalone', declined: 'a refusé votre défi', reason: 'Pas maintenant, désolé' },
};

for (const [lang, words] of Object.entries(WORDS)) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`challenges from a profile, heard on every page (${lang}, ${size})`, async () => {
      const description = `Plays Abalone greedily (${lang}).`;
      const bot = await newBot(description);
      const aliceName = unique('Ali');
      const bobName = unique('Bob');
      const alice = await newPlayer(browser, aliceName, viewport, { locale: words.locale });
      const bob = await newPlayer(browser, bobName, viewport, { locale: words.locale });

      // A bot: its description, and a challenge it accepts through the API.
      await alice.page.goto(`${BASE}/p/${bot.id}`);
      const about = alice.page.locator('#bot-description');
      await about.waitFor();
      assert.match(await about.textContent(), new RegExp(`${words.about}.*${description.replace(/[()]/g, '\\$&')}`));
      const heard = firstChallenge(bot.token);
      const botRoom = await challengeFromProfile(alice.page, bot.id, words);
      const challenge = await heard;
      assert.equal(challenge.room, botRoom);
      assert.equal(challenge.challenger.name, aliceName);
      await call('POST', `/api/v1/challenges/${challenge.id}/accept`, bot.token, {});
      await alice.page.waitForSelector('#room[data-status="playing"]');

      // A person: Bob, elsewhere on the site, sees Alice's challenge and accepts.
      const bobId = await idOf(bob.page);
      const room = await challengeFromProfile(alice.page, bobId, words);
      const offer = bob.page.locator(`#challenges .challenge[data-room="${room}"]`);
      await offer.waitFor();
      const said = await offer.locator('.challenge-what').textContent();
      assert.ok(said.includes(aliceName) && said.includes(words.incoming), said);
      await offer.locator('.challenge-accept').click();
      await bob.page.waitForURL(new RegExp(`/r/${room}$`));
      for (const p of [alice, bob]) await p.page.waitForSelector(`#room[data-room="${room}"][data-status="playing"]`);
      assert.equal(await bob.page.locator('#challenges .challenge').count(), 0, 'answered: no longer offered');

      // A correspondence match: after its first move, each seat may be notified of its turns.
      for (const p of [alice, bob]) assert.equal(await p.page.locator('#room-notify').isVisible(), false, 'not before the first move');
      const first = await whoseTurn([alice, bob]);
      await pointAndPlay(first.page);
      for (const p of [alice, bob]) {
        await p.page.waitForSelector('#room[data-ply="1"]');
        await p.page.locator('#room-notify').scrollIntoViewIfNeeded();
        await p.page.waitForSelector('#room-notify #room-notify-turns', { state: 'attached' });
        assert.equal(await p.page.locator('#room-notify').isVisible(), true, 'offered after the first move');
      }

      // Declined with a reason: the challenger reads who and why.
      const declined = await challengeFromProfile(alice.page, bobId, words);
      const again = bob.page.locator(`#challenges .challenge[data-room="${declined}"]`);
      await again.waitFor();
      await again.locator('.challenge-decline').click();
      await again.locator('.challenge-reason').fill(words.reason);
      await again.locator('.challenge-decline-send').click();
      await again.waitFor({ state: 'detached' });
      const told = alice.page.locator('#challenges .challenge.told');
      await told.waitFor();
      const text = await told.textContent();
      assert.ok(text.includes(bobName) && text.includes(words.declined) && text.includes(words.reason), text);
      await told.locator('.challenge-dismiss').click();
      await told.waitFor({ state: 'detached' });

      // Nothing overflows the page sideways on a phone.
      const overflow = await bob.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `sideways overflow ${overflow}px`);
      clean(alice.page);
      clean(bob.page);
      await alice.ctx.close();
      await bob.ctx.close();
    });
  }
}
