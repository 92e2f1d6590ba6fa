//! The web client when the server cannot check its token (the database is away): a WebSocket closed
//! with 1013 ("try again later") is retried with backoff, the banner says so, and the identity is
//! kept; only 4001 (the token is unknown) offers to choose a name again. The server's answers to
//! `auth` are played by routing the page's WebSocket (a real server answers 1013 only while its
//! database is away; tests/tests/e2e/database_away.rs checks that side).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createRoom, clean, start, waitMyTurn, pointAndPlay, waitPly } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('1013 is retried and keeps the identity; only 4001 offers to forget it', async () => {
  const { ctx, page } = await newPlayer(browser, 'Dora');
  // 'real': through to the server; otherwise the `auth` frame is answered by closing with `mode`.
  let mode = 'real';
  let refusals = 0;
  await page.routeWebSocket(/\/api\/v1\/ws$/, (ws) => {
    if (mode === 'real') {
      ws.connectToServer();
      return;
    }
    const code = mode;
    ws.onMessage(() => {
      refusals += 1;
      ws.close({ code, reason: code === 1013 ? 'try again later' : 'authentication failed' });
    });
  });
  const code = await createRoom(page, 'abalone', 2);
  await page.waitForSelector('body[data-conn="open"]');
  const identity = await page.evaluate(() => localStorage.getItem('plateau.identity'));
  assert.ok(identity, 'the page keeps an identity');

  // The database is away: every reconnection is refused with 1013.
  mode = 1013;
  await page.evaluate(() => window.__plateau.conn.drop());
  await page.waitForSelector('body[data-conn="unavailable"]');
  await page.waitForFunction(() => document.querySelector('#conn').textContent.includes('not ready'));
  // It tries again by itself (with backoff), and never offers to forget the identity.
  const deadline = Date.now() + 15000;
  while (refusals < 3 && Date.now() < deadline) await page.waitForTimeout(100);
  assert.ok(refusals >= 3, `retried after 1013 (${refusals} attempts)`);
  assert.equal(await page.locator('#conn button', { hasText: 'Choose a name again' }).count(), 0);
  assert.equal(
    await page.evaluate(() => localStorage.getItem('plateau.identity')),
    identity,
    'the identity is kept',
  );

  // The database is back: the next retry connects, the room is still there, the banner goes.
  mode = 'real';
  await page.waitForSelector('body[data-conn="open"]', { timeout: 20000 });
  await page.waitForSelector(`#room[data-room="${code}"]`);
  assert.equal(await page.isHidden('#conn'), true);

  // An unknown token (4001), by contrast, is the one case that offers to choose a name again.
  mode = 4001;
  await page.evaluate(() => window.__plateau.conn.drop());
  await page.waitForSelector('body[data-conn="auth_failed"]');
  await page.waitForSelector('#conn button:text("Choose a name again")');
  clean(page);
  await ctx.close();
});

test('a reload brings back the chat and the event log of the room', async () => {
  const { ctx, page } = await newPlayer(browser, 'Remy');
  await createRoom(page, 'abalone', 2);
  await start(page, true);
  await page.waitForSelector('#room[data-status="playing"]');
  await page.fill('#chat-text', 'remember me');
  await page.press('#chat-text', 'Enter');
  await page.waitForSelector('#chat-list li:has-text("remember me")');
  // One move, and the bot's answer: lines in the log.
  await waitMyTurn(page);
  await pointAndPlay(page);
  await waitPly(page, 2);
  const logged = await page.locator('#events li').count();
  assert.ok(logged >= 2, `the log has the moves (${logged})`);

  await page.reload();
  await page.waitForSelector('#room[data-status="playing"]');
  await page.waitForSelector('#chat-list li:has-text("remember me")');
  await page.waitForFunction((n) => document.querySelectorAll('#events li').length >= n, logged);
  clean(page);
  await ctx.close();
});

/**
 * A room whose node died is taken over by another within seconds; meanwhile its `join` is refused
 * `error` `internal` naming the room ("the room is moving to another server"): the page sends its
 * join again, with growing pauses, and plays on. The refusals are played by routing the page's
 * WebSocket (tests/tests/nodes.rs checks that a real cluster answers so, and lets a join sent again in).
 */
test('a join refused while the room moves to another server is sent again until it goes through', async () => {
  const { ctx, page } = await newPlayer(browser, 'Ines');
  let refuse = 0;
  const joins = [];
  await page.routeWebSocket(/\/api\/v1\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      const f = JSON.parse(String(m));
      if (f.type === 'join') joins.push(Date.now());
      if (f.type === 'join' && refuse > 0) {
        refuse -= 1;
        ws.send(JSON.stringify({ type: 'error', room: f.room, code: 'internal', message: 'the room is moving to another server; try again in a few seconds' }));
        return;
      }
      server.send(m);
    });
  });
  await createRoom(page, 'abalone', 2);
  await start(page, true);
  await waitMyTurn(page);
  // The room moves: the page's joins after a reload are refused three times, then let through.
  refuse = 3;
  joins.length = 0;
  await page.reload();
  await page.waitForSelector('#message:text("moving to another server")');
  await page.waitForSelector('#room[data-status="playing"]');
  await waitMyTurn(page, 20000);
  assert.equal(refuse, 0);
  assert.equal(joins.length, 4, 'three joins refused, the fourth let in');
  const pauses = joins.slice(1).map((at, i) => at - joins[i]);
  assert.ok(pauses[2] > pauses[0], `the pauses grow (${pauses})`);
  // The notice goes once in, and the match plays on.
  assert.equal(await page.textContent('#message'), '');
  await pointAndPlay(page);
  clean(page);
  await ctx.close();
});
