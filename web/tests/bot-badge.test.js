//! A bot account (issue 47, docs/bots.md) is shown BOT beside its name: on its profile, in a room's
//! chat, and wherever a player's name links to its profile; a person's name is shown as before.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, visitor } from './helpers.js';

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
  return text ? JSON.parse(text) : null;
}

/** A bot account made through the API, as docs/bots.md makes one. */
async function newBot() {
  const me = await call('POST', '/api/v1/players', null, { name: unique('Robo') });
  await call('PUT', '/api/v1/players/me/password', me.token, { password: 'a long password of its own' });
  const { token } = await call('POST', '/api/v1/players/me/tokens', me.token, { name: 'bot', scopes: ['bot:play'] });
  await call('POST', '/api/v1/bot/account/upgrade', token, {});
  return me;
}

test('a bot account is shown BOT beside its name, in English and in French', async () => {
  const bot = await newBot();
  const { ctx, page } = await visitor(browser, { width: 1280, height: 800 });
  await page.goto(`${BASE}/p/${bot.id}`);
  const badge = page.locator('#profile-h .bot-badge');
  await badge.waitFor();
  assert.equal(await badge.textContent(), 'BOT');
  assert.ok((await badge.getAttribute('title')).length > 0, 'the badge says what it means');
  const person = await call('POST', '/api/v1/players', null, { name: unique('Ada') });
  await page.goto(`${BASE}/p/${person.id}`);
  await page.waitForSelector(`#profile-h:text("${person.name}")`);
  assert.equal(await page.locator('#profile-h .bot-badge').count(), 0, 'a person has no badge');
  assert.deepEqual(page.errors, []);
  await ctx.close();

  const french = await visitor(browser, { width: 390, height: 844 }, { locale: 'fr-FR' });
  await french.page.goto(`${BASE}/p/${bot.id}`);
  const title = await french.page.locator('#profile-h .bot-badge').getAttribute('title');
  assert.match(title, /programme/);
  await french.ctx.close();
});
