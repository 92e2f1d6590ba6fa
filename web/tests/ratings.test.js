//! Ratings in the browser, against the real server: the rated toggle at creation and what a rated
//! room allows (no bots: the start waits for people), ratings beside names in the room and the
//! lobby ("?" while unsettled), names linking to profiles, the leaderboard (linked from the home
//! page and the help page), and the profile with its rating chart drawn in SVG, the figures as
//! text, and recent matches linking to their replay.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, shot, clean } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const unique = (base) => `${base}${Math.random().toString(36).slice(2, 6)}`;
const identityOf = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('plateau.identity')));

/** Creates a rated 2-player Abalone room through the form; returns its code. */
async function createRated(page, visibility = 'private') {
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create-form');
  await page.selectOption('#game', 'abalone');
  await page.selectOption('#players', '2');
  await page.check(`#vis-${visibility}`);
  await page.check('#rated');
  await page.click('#create');
  await page.waitForURL(/\/r\/[A-Z0-9]+$/);
  await page.waitForSelector('#room[data-status="waiting"]');
  return page.url().split('/r/')[1];
}

/**
 * Plays rated duels of Abalone between two players straight over the WebSocket (from inside a
 * page, which has one). Each duel: with no `code`, a new rated room (with a clock: rated rooms need
 * one) that both join and the host starts; with `code`, that room, already started, joined again
 * on new connections. Then each player makes one move (the first of its legal moves: a rated match
 * counts only once every player has moved), and the seat named by `loser` ('host' or 'guest', or
 * none) resigns. Only a way to give the players a rating history; what the pages show of it is
 * what the tests check.
 */
async function ratedDuels(page, hostToken, guestToken, duels) {
  await page.evaluate(async ({ hostToken, guestToken, duels }) => {
    const open = (token) => new Promise((resolve, reject) => {
      const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/v1/ws`);
      ws.frames = [];
      ws.waiting = [];
      ws.onmessage = (e) => {
        const f = JSON.parse(e.data);
        ws.frames.push(f);
        ws.waiting = ws.waiting.filter((w) => !w(f));
        if (f.type === 'welcome') resolve(ws);
      };
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
      ws.onerror = reject;
    });
    /** The first frame from now on that `pred` accepts. */
    const next = (ws, pred) => new Promise((resolve) => ws.waiting.push((f) => (pred(f) ? (resolve(f), true) : false)));
    /** `ws` plays the first of its legal moves, from a fresh snapshot. */
    const playFirst = async (ws, code) => {
      const snapshot = next(ws, (f) => f.type === 'snapshot' && f.room === code);
      ws.send(JSON.stringify({ type: 'sync', room: code }));
      const { version, view } = await snapshot;
      const id = `first-${version}`;
      const acked = next(ws, (f) => f.id === id);
      ws.send(JSON.stringify({ type: 'move', room: code, id, version, move: view.you.legal[0] }));
      const answer = await acked;
      if (answer.type !== 'ack') throw new Error(`move refused: ${JSON.stringify(answer)}`);
    };
    const host = await open(hostToken);
    const guest = await open(guestToken);
    for (const { code: given, loser } of duels) {
      let code = given;
      if (!code) {
        const res = await fetch('/api/v1/rooms', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${hostToken}` }, body: JSON.stringify({ game: 'abalone', players: 2, visibility: 'private', seating: 'host_first', rated: true, clock: { kind: 'correspondence', days: 1 } }) });
        ({ code } = await res.json());
      }
      const hostIn = next(host, (f) => f.type === 'room' && f.room.code === code);
      host.send(JSON.stringify({ type: 'join', room: code, as: 'player' }));
      await hostIn;
      const full = next(host, (f) => f.type === 'room' && f.room.seats[1].player);
      guest.send(JSON.stringify({ type: 'join', room: code, as: 'player' }));
      await full;
      if (!given) {
        const started = next(guest, (f) => f.type === 'snapshot' && f.room === code);
        host.send(JSON.stringify({ type: 'start', room: code }));
        await started;
      }
      await playFirst(host, code);
      await playFirst(guest, code);
      if (loser) {
        const ended = Promise.all([host, guest].map((ws) => next(ws, (f) => f.type === 'ended' && f.room === code)));
        (loser === 'host' ? host : guest).send(JSON.stringify({ type: 'resign', room: code }));
        await ended;
      }
    }
    host.close();
    guest.close();
  }, { hostToken, guestToken, duels });
}

test('rated rooms, ratings beside names, the leaderboard and the profile with its chart', async () => {
  const names = [unique('Rita'), unique('Rolf')];
  const A = await newPlayer(browser, names[0], SIZES.desktop);
  const B = await newPlayer(browser, names[1], SIZES.desktop);
  const a = await identityOf(A.page);
  const b = await identityOf(B.page);

  // The toggle says what a rated room needs; the room is rated and has no bots to offer.
  await A.page.goto(`${BASE}/`);
  await A.page.waitForSelector('#rated');
  assert.ok(await A.page.isHidden('#rated-note'));
  await A.page.check('#rated');
  assert.match(await A.page.textContent('#rated-note'), /needs a person in every seat: no bots/);
  // A rated room needs a clock: ticking Rated with "No clock" chosen picks one, and "No clock"
  // is not offered while Rated is ticked.
  assert.equal(await A.page.inputValue('#clock'), 'rapid');
  assert.ok(await A.page.locator('#clock option[value="none"]').isDisabled());
  const code = await createRated(A.page);
  assert.equal(await A.page.textContent('#rated-tag'), 'rated');
  assert.equal(await A.page.locator('#fill-bots').count(), 0);
  assert.ok(await A.page.isDisabled('#start'));
  assert.match(await A.page.textContent('#rated-start'), /starts once a person sits in every seat/);
  await shot(A.page, 'rated-room-waiting');
  // Nobody has a rating yet: no question marks all over an empty record.
  assert.equal(await A.page.textContent('#seats li[data-seat="0"] .rating'), '');
  await B.page.goto(`${BASE}/r/${code}`);
  await B.page.waitForSelector('#seats li[data-seat="1"].me');
  await A.page.waitForSelector('#start:not([disabled])');
  await A.page.click('#start');
  await B.page.waitForSelector('#room[data-status="playing"]');
  const room = await (await fetch(`${BASE}/api/v1/rooms/${code}`)).json();
  assert.ok(room.clock, `a rated room made by the form has a clock: ${JSON.stringify(room)}`);
  // Each makes a move (a rated match counts only once every player has moved), then Rolf resigns:
  // Rita's first rated win, both ratings shown unsettled ("1645?"), hers higher.
  await ratedDuels(A.page, a.token, b.token, [{ code }]);
  await B.page.click('#resign');
  await B.page.waitForSelector('#resign-dialog[open]');
  await B.page.click('#resign-confirm');
  for (const p of [A, B]) {
    await p.page.waitForSelector('#seats li[data-seat="0"] .rating:not(:empty)');
    await p.page.waitForSelector('#seats li[data-seat="1"] .rating:not(:empty)');
  }
  const badge = (seat) => A.page.textContent(`#seats li[data-seat="${seat}"] .rating`);
  assert.match(await badge(0), /^\d{4}\?$/);
  assert.match(await badge(1), /^\d{4}\?$/);
  assert.ok(parseInt(await badge(0), 10) > 1500 && parseInt(await badge(1), 10) < 1500, `${await badge(0)} / ${await badge(1)}`);
  assert.match(await A.page.getAttribute('#seats li[data-seat="0"] .rating', 'title'), /not settled yet/);
  await shot(A.page, 'rated-room-over');

  // Seven more rated duels (Rita 3, Rolf 4): eight split evenly settle both ratings.
  await ratedDuels(A.page, a.token, b.token, ['host', 'guest', 'host', 'guest', 'host', 'guest', 'host'].map((loser) => ({ loser })));

  // The leaderboard, from the home page: both, settled, with links to their profiles.
  await A.page.goto(`${BASE}/`);
  await A.page.click('#leaderboards a:text("Abalone")');
  await A.page.waitForSelector('#leaderboard-table');
  assert.equal(new URL(A.page.url()).pathname, '/leaderboard/abalone');
  const rows = await A.page.$$eval('#leaderboard-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  for (const name of names) {
    const row = rows.find((r) => r[1] === name);
    assert.ok(row, `${name} on the leaderboard: ${JSON.stringify(rows)}`);
    assert.match(row[2], /^\d{4}$/, 'settled: no question mark');
    assert.equal(row[3], '8');
  }
  await shot(A.page, 'leaderboard');
  // The help page links to it too.
  await A.page.goto(`${BASE}/help/abalone`);
  assert.equal(await A.page.getAttribute('#help-leaderboard', 'href'), '/leaderboard/abalone');

  // A public rated room: the lobby shows its host's (settled) rating beside the name.
  const pub = await createRated(A.page, 'public');
  const C = await newPlayer(browser, unique('Lobby'), SIZES.phone);
  const lobbyRow = `#lobby li[data-code="${pub}"]`;
  await C.page.waitForSelector(`${lobbyRow} .rating:not(:empty)`);
  assert.match(await C.page.textContent(lobbyRow), /rated/);
  assert.match(await C.page.textContent(`${lobbyRow} .rating`), /^\d{4}$/);
  await shot(C.page, 'lobby-ratings');
  const overflow = await C.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `no sideways scrolling on a phone (${overflow}px)`);
  // The host's name goes to the profile.
  await C.page.click(`${lobbyRow} a.player-link`);
  await C.page.waitForSelector('#profile');
  assert.equal(new URL(C.page.url()).pathname, `/p/${a.id}`);
  assert.equal(await C.page.textContent('#profile-h'), names[0]);
  assert.match(await C.page.textContent('#profile-totals'), /^8 finished matches, 4 won\.$/);
  const abalone = await C.page.$$eval('#profile-games tr[data-game="abalone"] > *', (c) => c.map((x) => x.textContent));
  assert.deepEqual(abalone.slice(0, 3), ['Abalone', '8', '4']);
  assert.match(abalone[3], /^\d{4}$/);
  // The chart: an SVG drawn here, one point per match after the start, labelled for screen
  // readers, with the figures as text beside it.
  const chart = '#rating-charts figure[data-game="abalone"]';
  await C.page.waitForSelector(`${chart} svg.chart`);
  assert.equal(await C.page.getAttribute(`${chart} svg`, 'data-points'), '9');
  assert.equal(await C.page.locator(`${chart} svg circle`).count(), 9);
  assert.equal(await C.page.textContent(`${chart} svg > title`), `${names[0]}'s Abalone rating`);
  assert.match(await C.page.textContent(`${chart} svg > desc`), /^8 rated matches: from 1500 to \d{4}, lowest \d{4}, highest \d{4}\.$/);
  assert.match(await C.page.getAttribute(`${chart} svg`, 'aria-labelledby'), /chart-abalone-title chart-abalone-desc/);
  assert.match(await C.page.textContent('#chart-abalone-summary'), /^Now \d{4} after 8 rated matches \(started at 1500\)\.$/);
  assert.equal(await C.page.locator(`${chart} table.rating-changes tbody tr`).count(), 8);
  // The first change is Rita's win over Rolf: up.
  assert.match(await C.page.textContent(`${chart} table.rating-changes tbody tr:first-child td:nth-child(4)`), /^\+\d+$/);
  await C.page.click(`${chart} summary`);
  await shot(C.page, 'profile-phone');
  // Recent matches: Rolf's name links to his profile, each match to its replay.
  assert.equal(await C.page.locator('#profile-matches li').count(), 8);
  const first = C.page.locator('#profile-matches li').first();
  assert.match(await first.textContent(), /Abalone/);
  assert.equal(await first.locator('a.player-link').textContent(), names[1]);
  await first.locator('a.button:text("Replay")').click();
  await C.page.waitForSelector('#match #players');
  assert.match(new URL(C.page.url()).pathname, /^\/m\/[0-9a-f-]{36}$/);
  // ... and the match page's names go back to the profiles.
  await C.page.click(`#players a.player-link:text("${names[1]}")`);
  await C.page.waitForSelector('#profile');
  assert.equal(new URL(C.page.url()).pathname, `/p/${b.id}`);

  for (const p of [A, B, C]) {
    clean(p.page);
    await p.ctx.close();
  }
});

test('an unknown player and an unknown game have pages that say so', async () => {
  const A = await newPlayer(browser, unique('Nobody'));
  await A.page.goto(`${BASE}/p/00000000-0000-0000-0000-000000000000`);
  await A.page.waitForSelector('h1:text("Player not found")');
  await A.page.goto(`${BASE}/leaderboard/chess`);
  await A.page.waitForSelector('h1:text("No such game")');
  // A player with no rated match: the profile says so instead of drawing an empty chart.
  const me = await identityOf(A.page);
  await A.page.goto(`${BASE}/p/${me.id}`);
  await A.page.waitForSelector('#rating-charts');
  assert.match(await A.page.textContent('#rating-charts'), /No rated match yet/);
  assert.match(await A.page.textContent('#profile-none'), /No finished match yet/);
  clean(A.page);
  await A.ctx.close();
});
