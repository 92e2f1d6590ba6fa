//! Ratings in the browser, against the real server: the rated toggle at creation and what a rated
//! room allows (no bots: the start waits for people), ratings beside names in the room and the
//! lobby ("provisional" while unsettled), names linking to profiles, the leaderboard (linked from the home
//! page and the help page), and the profile with its rating chart drawn in SVG, the figures as
//! text, and recent matches linking to their replay. A rated room always has a clock (ticking Rated
//! never leaves "No clock"), and a rated match resigned before every player moved is aborted and
//! said so.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, shot, clean, whoseTurn, pointAndPlay, waitPly } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const unique = (base) => `${base}${Math.random().toString(36).slice(2, 6)}`;
const identityOf = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('plateau.identity')));

/**
 * Creates a rated 2-player Abalone room through the form, with `clock` (a preset id) picked before
 * Rated is ticked; returns its code. A rated room needs a clock: ticking Rated with "No clock"
 * picked moves the clock to Rapid 15+10.
 */
async function createRated(page, visibility = 'private', clock = 'corr1') {
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create-form');
  await page.selectOption('#game', 'abalone');
  await page.selectOption('#players', '2');
  await page.check(`#vis-${visibility}`);
  await page.selectOption('#clock', clock);
  await page.check('#rated');
  await page.click('#create');
  await page.waitForURL(/\/r\/[A-Z0-9]+$/);
  await page.waitForSelector('#room[data-status="waiting"]');
  return page.url().split('/r/')[1];
}

/**
 * Plays rated duels of Abalone between two players straight over the WebSocket (from inside a
 * page, which has one): each a new rated room (with a clock, which a rated room needs), both join,
 * the host starts, each side plays the first move its view lists (a rated match ended before every
 * player has moved is aborted and rates nobody), then the seat named in `losers` ('host' or
 * 'guest') resigns. Only a way to give the players a rating history; what the pages show of it is
 * what the tests check.
 */
async function ratedDuels(page, hostToken, guestToken, losers) {
  await page.evaluate(async ({ hostToken, guestToken, losers }) => {
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
    const host = await open(hostToken);
    const guest = await open(guestToken);
    for (const loser of losers) {
      const res = await fetch('/api/v1/rooms', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${hostToken}` }, body: JSON.stringify({ game: 'abalone', players: 2, visibility: 'private', seating: 'host_first', rated: true, clock: { kind: 'correspondence', days: 1 } }) });
      if (!res.ok) throw new Error(`rated room refused: ${res.status} ${await res.text()}`);
      const { code } = await res.json();
      const hostIn = next(host, (f) => f.type === 'room' && f.room.code === code);
      host.send(JSON.stringify({ type: 'join', room: code, as: 'player' }));
      await hostIn;
      const full = next(host, (f) => f.type === 'room' && f.room.seats[1].player);
      guest.send(JSON.stringify({ type: 'join', room: code, as: 'player' }));
      await full;
      const started = next(guest, (f) => f.type === 'snapshot' && f.room === code);
      host.send(JSON.stringify({ type: 'start', room: code }));
      await started;
      // Each side plays once, when its view (read again with `sync`) says it is to act.
      const moved = new Set();
      while (moved.size < 2) {
        for (const ws of [host, guest]) {
          if (moved.has(ws)) continue;
          const snap = next(ws, (f) => f.type === 'snapshot' && f.room === code);
          ws.send(JSON.stringify({ type: 'sync', room: code }));
          const { view, version } = await snap;
          if (!view.you || !view.you.legal || !view.you.legal.length) continue;
          const id = `duel-${Math.random().toString(36).slice(2)}`;
          const answer = next(ws, (f) => (f.type === 'ack' || f.type === 'error') && f.id === id);
          ws.send(JSON.stringify({ type: 'move', room: code, id, version, move: view.you.legal[0] }));
          const a = await answer;
          if (a.type === 'error') throw new Error(`move refused: ${a.code} ${a.message}`);
          moved.add(ws);
        }
      }
      const ended = Promise.all([host, guest].map((ws) => next(ws, (f) => f.type === 'ended' && f.room === code)));
      (loser === 'host' ? host : guest).send(JSON.stringify({ type: 'resign', room: code }));
      await ended;
    }
    host.close();
    guest.close();
  }, { hostToken, guestToken, losers });
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
  assert.match(await A.page.textContent('#rated-note'), /A rated match needs a clock/);
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
  // Both play a move on the board (a rated match ended before every player has moved counts for
  // nobody), then Rolf resigns: Rita's first rated win, both ratings shown unsettled ("1662 (provisional)"),
  // hers higher.
  const starter = await whoseTurn([A, B]);
  await pointAndPlay(starter.page);
  await pointAndPlay((starter === A ? B : A).page);
  await waitPly(B.page, 2);
  await B.page.click('#resign');
  await B.page.waitForSelector('#resign-dialog[open]');
  await B.page.click('#resign-confirm');
  for (const p of [A, B]) {
    await p.page.waitForSelector('#seats li[data-seat="0"] .rating:not(:empty)');
    await p.page.waitForSelector('#seats li[data-seat="1"] .rating:not(:empty)');
  }
  const badge = (seat) => A.page.textContent(`#seats li[data-seat="${seat}"] .rating`);
  assert.match(await badge(0), /^\d{4} \(provisional\)$/);
  assert.match(await badge(1), /^\d{4} \(provisional\)$/);
  assert.ok(parseInt(await badge(0), 10) > 1500 && parseInt(await badge(1), 10) < 1500, `${await badge(0)} / ${await badge(1)}`);
  assert.match(await A.page.getAttribute('#seats li[data-seat="0"] .rating', 'title'), /not settled yet/);
  // The result says each rating's change beside the name: Rita up, Rolf down by as much.
  for (const p of [A, B]) {
    await p.page.waitForSelector('#rating-changes');
    const changes = await p.page.textContent('#rating-changes');
    assert.match(changes, new RegExp(`${names[0]} \\d{4} \\(\\+\\d+\\)`), changes);
    assert.match(changes, new RegExp(`${names[1]} \\d{4} \\(\u2212\\d+\\)`), changes);
  }
  await shot(A.page, 'rated-room-over');
  await shot(B.page, 'rated-room-over-rolf');

  // Seven more rated duels (Rita 3, Rolf 4): eight split evenly settle both ratings.
  await ratedDuels(A.page, a.token, b.token, ['host', 'guest', 'host', 'guest', 'host', 'guest', 'host']);

  // The leaderboard lists players with a password only: both keep their names first.
  for (const token of [a.token, b.token]) {
    const kept = await fetch(`${BASE}/api/v1/players/me/password`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ password: 'a rated player\'s password' }) });
    assert.equal(kept.status, 204);
  }

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
  // Each rated match in the list says how Rita's rating moved (the list comes after the totals).
  await C.page.waitForSelector('#profile-matches');
  const moved = await C.page.$$eval('#profile-matches .rating-change', (s) => s.map((x) => x.textContent));
  assert.equal(moved.length, 8, JSON.stringify(moved));
  for (const m of moved) assert.match(m, /^(\+|\u2212)\d+$|^\u00b10$/);
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

test('a rated room always has a clock, and a rated match resigned at once is aborted for nobody', async () => {
  const A = await newPlayer(browser, unique('Ines'), SIZES.desktop);
  const B = await newPlayer(browser, unique('Ivo'), SIZES.phone);
  const a = await identityOf(A.page);

  // "No clock" picked, then Rated ticked: the clock moves to Rapid 15+10 and "No clock" is off;
  // the note says why. Unticked, "No clock" may be picked again.
  await A.page.goto(`${BASE}/`);
  await A.page.waitForSelector('#create-form');
  await A.page.selectOption('#game', 'abalone');
  await A.page.selectOption('#players', '2');
  await A.page.selectOption('#clock', 'none');
  await A.page.check('#rated');
  assert.equal(await A.page.inputValue('#clock'), 'rapid');
  assert.ok(await A.page.locator('#clock option[value="none"]').isDisabled());
  assert.match(await A.page.textContent('#rated-note'), /A rated match needs a clock.*The clock is now Rapid 15\+10\./);
  assert.match(await A.page.textContent('#clock-note'), /15/);
  await A.page.uncheck('#rated');
  assert.ok(await A.page.locator('#clock option[value="none"]').isEnabled());
  await A.page.selectOption('#clock', 'none');
  await A.page.check('#rated');
  assert.equal(await A.page.inputValue('#clock'), 'rapid');
  // What is sent, and the room made: rated, with that clock.
  const sent = A.page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/rooms');
  await A.page.click('#create');
  const body = JSON.parse((await sent).postData());
  assert.equal(body.rated, true);
  assert.deepEqual(body.clock, { kind: 'fischer', initial_s: 900, increment_s: 10 });
  await A.page.waitForURL(/\/r\/[A-Z0-9]+$/);
  const code = A.page.url().split('/r/')[1];
  const info = await (await fetch(`${BASE}/api/v1/rooms/${code}`)).json();
  assert.equal(info.rated, true);
  assert.ok(info.clock, `the room has a clock: ${JSON.stringify(info)}`);

  // Ivo sits, Ines starts, Ivo resigns before anyone has moved: aborted, rated for nobody, and
  // said so (not as the server's internal error).
  await B.page.goto(`${BASE}/r/${code}`);
  await B.page.waitForSelector('#seats li[data-seat="1"].me');
  await A.page.waitForSelector('#start:not([disabled])');
  await A.page.click('#start');
  await B.page.waitForSelector('#room[data-status="playing"]');
  await B.page.click('#resign');
  await B.page.waitForSelector('#resign-dialog[open]');
  await B.page.click('#resign-confirm');
  const early = 'Rated match aborted: it ended before every player had moved, so it counts for nobody';
  for (const p of [A, B]) {
    await p.page.waitForSelector('#room[data-status="aborted"]');
    await p.page.waitForSelector('#result-aborted');
    assert.equal(await p.page.textContent('#result-aborted'), early);
    assert.match(await p.page.textContent('#events'), /Match over: Rated match aborted/);
    assert.doesNotMatch(await p.page.textContent('#room'), /internal error|You lost|You won/);
  }
  await shot(B.page, 'rated-aborted-phone');
  // After a reload the room says the same.
  await A.page.reload();
  await A.page.waitForSelector('#result-aborted');
  assert.equal(await A.page.textContent('#result-aborted'), early);
  // Nobody got a rating from it.
  await A.page.goto(`${BASE}/p/${a.id}`);
  await A.page.waitForSelector('#rating-charts');
  assert.match(await A.page.textContent('#rating-charts'), /No rated match yet/);

  for (const p of [A, B]) {
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
