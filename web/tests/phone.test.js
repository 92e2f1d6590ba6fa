//! The game on a phone (issue 49), at 390x844 (and 1280x800 where a point is about the desktop too),
//! in English and in French: the board first, under one compact bar (the game, whose turn, the
//! clocks) in every game at every player count; notices where the eye is (the status line at the
//! top); one move list numbered by turn that keeps the last move in view. Screenshots:
//! `phone-<what>-<lang>-<size>.png`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, visitor, createRoom, start, whoseTurn, pointAndPlay, waitPly, myTurnOrOver, shot, clean, idOf, tokenOf, grantAdmin } from './helpers.js';

const ABANDON_AFTER = Number(process.env.PLATEAU_ABANDON_AFTER_SECS || 120);

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** English, and a browser speaking French (French is complete, so the page speaks it by itself). */
const LANGS = { en: {}, fr: { locale: 'fr-FR' } };
/** What the notices say, in each language. */
const SAYS = {
  en: { declined: /^Bea declined the draw$/, offers: /^Al offers a draw\.$/, away: /^left — the match may be claimed in \d+:\d\d$/, resigned: /Bea resigned/ },
  fr: { declined: /^Bea a refusé la nulle$/, offers: /^Al propose la nulle\.$/, away: /^a quitté — la partie pourra être réclamée dans \d+:\d\d$/, resigned: /Bea a abandonné/ },
};
/** Every game at its smallest and largest player count. */
const COUNTS = { abalone: [2, 3, 4], triominos: [2, 4], pinuid: [2, 4], trangouar: [2], 'groups-of-three': [2, 3] };

/** Where `sel` starts and ends on the screen (the page scrolled to its top), or null. */
const span = (page, sel) => page.evaluate((s) => {
  const e = document.querySelector(s);
  if (!e || !e.getClientRects().length) return null;
  const r = e.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom };
}, sel);

for (const [lang, options] of Object.entries(LANGS)) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`the board and every clock are on the first screen, in every game (${lang}, ${size})`, async () => {
      for (const [game, counts] of Object.entries(COUNTS)) {
        for (const players of counts) {
          const A = await newPlayer(browser, 'Lou', viewport, options);
          await createRoom(A.page, game, players, {}, 'private', 'blitz');
          await start(A.page, true);
          await A.page.waitForSelector('#clocks:not([hidden]) .clock');
          await myTurnOrOver(A.page);
          await A.page.evaluate(() => window.scrollTo(0, 0));
          const what = `${game} with ${players} (${lang}, ${size})`;
          const board = await span(A.page, '#board svg.board-svg');
          assert.ok(board.bottom <= viewport.height + 1, `${what}: the whole board is on the first screen (bottom ${Math.round(board.bottom)})`);
          const clocks = await A.page.$$eval('#clocks .clock', (cs) => cs.map((c) => c.getBoundingClientRect().bottom));
          assert.equal(clocks.length, players, `${what}: a clock per seat`);
          for (const b of clocks) assert.ok(b <= viewport.height, `${what}: every clock is on the first screen (${Math.round(b)})`);
          const turn = await span(A.page, '#turn');
          assert.ok(turn.bottom <= board.top, `${what}: whose turn is above the board`);
          if (size === 'phone') {
            // One compact bar above the board (the game named in it), the actions under the board.
            const box = await span(A.page, '#board');
            assert.ok(box.top <= 200, `${what}: the board starts near the top (${Math.round(box.top)})`);
            assert.ok((await span(A.page, '#play-game')).bottom <= board.top, `${what}: the game is named above the board`);
            const resign = await span(A.page, '#resign');
            if (resign) assert.ok(resign.top >= board.bottom, `${what}: the actions come after the board`);
            assert.ok((await span(A.page, '.room-title')).top >= board.bottom, `${what}: the room's heading comes after the board`);
            const overflow = await A.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            assert.ok(overflow <= 1, `${what}: no sideways scrolling (${overflow}px)`);
          }
          if (players === counts[counts.length - 1]) await A.page.screenshot({ path: `${(await import('./helpers.js')).SHOTS}/phone-board-first-${game}-${lang}-${size}.png` });
          clean(A.page);
          await A.ctx.close();
        }
      }
    });
  }
}

/** Two players in a room of `game` for `players` (the rest bots), started, at `viewport`. */
async function pair(game, players, viewport, options) {
  const A = await newPlayer(browser, 'Al', viewport, options);
  const code = await createRoom(A.page, game, players);
  const B = await newPlayer(browser, 'Bea', viewport, options);
  await B.page.goto(`${BASE}/r/${code}`);
  await B.page.waitForSelector('#seats li[data-seat="1"].me');
  await A.page.waitForSelector('#seats li[data-seat="1"].on');
  await start(A.page, players > 2);
  await B.page.waitForSelector('#board svg.board-svg');
  return { A, B };
}

/** `sel` is shown above the board, on the first screen. */
async function aboveBoard(page, sel, what) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const el = await span(page, sel);
  const board = await span(page, '#board svg.board-svg');
  assert.ok(el, `${what}: ${sel} is shown`);
  assert.ok(el.bottom <= board.top + 1 && el.bottom <= SIZES.phone.height, `${what}: ${sel} is above the board (${Math.round(el.bottom)} / ${Math.round(board.top)})`);
}

for (const [lang, options] of Object.entries(LANGS)) {
  test(`notices where the eye is: a draw offered and declined, a player gone and the claim (${lang}, phone)`, async () => {
    const says = SAYS[lang];
    const { A, B } = await pair('abalone', 2, SIZES.phone, options);
    // A draw offered to Bea: said above the board, with its answers.
    await A.page.click('#draw-offer');
    await B.page.waitForSelector('#draw-accept');
    assert.match(await B.page.textContent('#draw-status'), says.offers);
    await aboveBoard(B.page, '#draw-decline', `${lang}: the offer`);
    // Declined: Al reads it above the board, for a while.
    await B.page.click('#draw-decline');
    await A.page.waitForSelector('#notice:not([hidden])');
    assert.match(await A.page.textContent('#notice'), says.declined);
    await aboveBoard(A.page, '#notice', `${lang}: the decline`);
    await shot(A.page, `phone-notice-declined-${lang}-phone`);
    // Al goes away on his turn: Bea reads it above the board with its countdown, then the claim.
    await A.page.waitForSelector('#room[data-my-turn="true"]');
    await A.page.evaluate(() => window.__plateau.navigate('/'));
    await B.page.waitForSelector('#away-0');
    assert.match(await B.page.textContent('#away-0'), says.away);
    await aboveBoard(B.page, '#away-0', `${lang}: the absence`);
    await shot(B.page, `phone-notice-away-${lang}-phone`);
    await B.page.waitForSelector('#claim-win', { timeout: (ABANDON_AFTER + 20) * 1000 });
    await aboveBoard(B.page, '#claim-draw', `${lang}: the claim`);
    await B.page.click('#claim-win');
    // The result, too, is where the eye is.
    await B.page.waitForSelector('#result:not([hidden])');
    await aboveBoard(B.page, '#result', `${lang}: the result`);
    for (const p of [A, B]) {
      clean(p.page);
      await p.ctx.close();
    }
  });

  test(`notices where the eye is: a player who resigns a match that goes on (${lang}, phone)`, async () => {
    const { A, B } = await pair('abalone', 3, SIZES.phone, options);
    await B.page.click('#resign');
    await B.page.click('#resign-confirm');
    await A.page.waitForSelector('#notice:not([hidden])');
    assert.match(await A.page.textContent('#notice'), SAYS[lang].resigned);
    await aboveBoard(A.page, '#notice', `${lang}: the forfeit`);
    for (const p of [A, B]) {
      clean(p.page);
      await p.ctx.close();
    }
  });
}

for (const [lang, options] of Object.entries(LANGS)) {
  test(`one move list that follows the game, numbered by turn for two players (${lang}, phone)`, async () => {
    const A = await newPlayer(browser, 'Mo', SIZES.phone, options);
    await createRoom(A.page, 'abalone', 2);
    await start(A.page, true);
    // Twelve plies: six of Mo's, six of the computer's.
    while ((await A.page.$$('#room-moves li[data-ply]')).length < 12) {
      if (!(await myTurnOrOver(A.page))) break;
      await pointAndPlay(A.page);
      await A.page.waitForTimeout(200);
    }
    await A.page.waitForFunction(() => document.querySelectorAll('#room-moves li[data-ply]').length >= 12);
    const list = await A.page.evaluate(() => {
      const box = document.querySelector('.room-moves');
      const ol = document.querySelector('#room-moves');
      const rows = [...ol.querySelectorAll(':scope > li.row')];
      const last = [...ol.querySelectorAll('li[data-ply]')].pop();
      const b = box.getBoundingClientRect();
      const l = last.getBoundingClientRect();
      return {
        heads: rows.map((r) => r.querySelector('.turn-head').textContent.trim()),
        perRow: rows.map((r) => r.querySelectorAll('li[data-ply]').length),
        tallest: Math.max(...rows.map((r) => r.getBoundingClientRect().height)),
        // Only the card's box scrolls: the list inside it does not have a scroll of its own.
        innerScrolls: ol.scrollHeight > ol.clientHeight + 1,
        lastInView: l.top >= b.top - 1 && l.bottom <= b.bottom + 1,
      };
    });
    const n = list.heads.length;
    assert.deepEqual(list.heads.slice(0, 6), ['1.', '2.', '3.', '4.', '5.', '6.'], `${lang}: numbered by turn (${list.heads})`);
    assert.deepEqual(list.perRow.slice(0, 6), [2, 2, 2, 2, 2, 2], `${lang}: both sides' moves on a row`);
    assert.ok(n >= 6, `${lang}: ${n} rows`);
    assert.equal(list.innerScrolls, false, `${lang}: one scroll area`);
    assert.ok(list.lastInView, `${lang}: the last move is in view`);
    assert.ok(list.tallest <= 56, `${lang}: compact rows (${list.tallest}px)`);
    await A.page.locator('.room-moves').scrollIntoViewIfNeeded();
    await shot(A.page, `phone-move-list-${lang}-phone`);
    clean(A.page);
    await A.ctx.close();
  });
}

/** The compass and the computer, in each language. */
const COMPASS = {
  en: { west: /\b(W|NW|SW)\b/, notWest: /\b(O|NO|SO)\b/, westWord: /west/, zone: '(SW)', transit: 'TW', corner: 'NWa', bot: 'Bot', bots: ['Bot 1', 'Bot 2'] },
  fr: { west: /\b(O|NO|SO)\b/, notWest: /\b(W|NW|SW)\b/, westWord: /direction (nord-|sud-)?ouest/, zone: '(SO)', transit: 'TO', corner: 'NOa', bot: 'Ordinateur', bots: ['Ordinateur 1', 'Ordinateur 2'] },
};

for (const [lang, options] of Object.entries(LANGS)) {
  test(`compass letters and computers' names in the page's language (${lang}, phone)`, async () => {
    const words = COMPASS[lang];
    // Abalone: the arrows' names and the move texts say the directions in the page's language.
    const A = await newPlayer(browser, 'Zoe', SIZES.phone, options);
    await createRoom(A.page, 'abalone', 2);
    await start(A.page, true);
    assert.equal(await A.page.textContent('#seats li[data-seat="1"] .seat-name'), words.bot, `${lang}: one computer, not numbered`);
    await myTurnOrOver(A.page);
    // A marble of the front row, which can move.
    await A.page.locator('#board [data-act="select"]').last().click();
    const arrows = await A.page.$$eval('#board [data-act="target"]', (as) => as.map((a) => a.getAttribute('aria-label')));
    assert.ok(arrows.length > 0, `${lang}: arrows to name`);
    for (const a of arrows) assert.doesNotMatch(a, words.notWest, `${lang}: ${a}`);
    assert.ok(arrows.some((a) => words.westWord.test(a)), `${lang}: an arrow westwards, in words (${arrows})`);
    await A.page.keyboard.press('Escape');
    for (let i = 0; i < 6; i++) {
      if (!(await myTurnOrOver(A.page))) break;
      await pointAndPlay(A.page, { prefer: '#board [data-act="target"][data-dir*="W"]' }).catch(() => {});
    }
    const texts = [await A.page.textContent('#room-moves'), await A.page.textContent('#events')].join('\n');
    assert.doesNotMatch(texts, words.notWest, `${lang}: the moves and events`);
    await A.ctx.close();

    // Trangouar: the zones. Groups-of-Three: the spaces' labels.
    const T = await newPlayer(browser, 'Zoe', SIZES.phone, options);
    await createRoom(T.page, 'trangouar', 2);
    await start(T.page, true);
    assert.ok((await T.page.textContent('#board .board-info')).includes(words.zone), `${lang}: Trangouar's zone ${words.zone}`);
    assert.ok((await T.page.textContent('#board-panel')).includes(words.zone), `${lang}: the setup names the zone ${words.zone}`);
    await createRoom(T.page, 'groups-of-three', 3);
    await start(T.page, true);
    const labels = await T.page.$$eval('#board .space-label', (ls) => ls.map((l) => l.textContent));
    assert.ok(labels.includes(words.transit) && labels.includes(words.corner), `${lang}: ${words.transit} and ${words.corner} on the board (${labels.filter((l) => /^T|a$/.test(l))})`);
    // Two computers: numbered.
    assert.deepEqual(await T.page.$$eval('#seats li .seat-name', (ns) => ns.slice(1).map((n) => n.textContent)), words.bots);
    await shot(T.page, `phone-compass-${lang}-phone`);
    clean(T.page);
    await T.ctx.close();
  });
}

/** Small words, in each language. */
const SMALL = {
  en: { last: /^Last/, resigned: 'resigned', pinuid: /across or up and down; every step is diagonal/, notPinuid: /Diagonal steps only/, empty: /no longer provisional/ },
  fr: { last: /^Dernier coup/, resigned: 'a abandonné', pinuid: /en ligne ou en colonne ; chaque pas se fait en diagonale/, notPinuid: /Uniquement en diagonale/, empty: /n’est plus provisoire/ },
};

for (const [lang, options] of Object.entries(LANGS)) {
  test(`small words: a resignation is no move, the final table, the create form, Pinuid's summary and seed, an empty leaderboard (${lang}, phone)`, async () => {
    const words = SMALL[lang];
    // Rated and "Start when full" come before the Create button.
    const { A, B } = await pair('pinuid', 2, SIZES.phone, options);
    await A.page.goto(`${BASE}/`);
    await A.page.waitForSelector('#create-form');
    const order = await A.page.evaluate(() => ['#rated', '#auto-start'].map((s) => {
      const create = document.querySelector('#create');
      const el = document.querySelector(s);
      return !!(el.compareDocumentPosition(create) & Node.DOCUMENT_POSITION_FOLLOWING) && el.getBoundingClientRect().top <= create.getBoundingClientRect().top;
    }));
    assert.deepEqual(order, [true, true], `${lang}: the boxes before the button`);
    await A.page.goBack();
    await A.page.waitForSelector('#board svg.board-svg');
    // Bea resigns: "Last move" is not said of it, and the final table says "resigned" beside her name.
    await B.page.click('#resign');
    await B.page.click('#resign-confirm');
    await A.page.waitForSelector('#breakdown');
    await A.page.waitForFunction(() => document.querySelector('#last-move').textContent.length > 0);
    const last = await A.page.textContent('#last-move');
    assert.doesNotMatch(last, words.last, `${lang}: ${last}`);
    assert.ok(last.includes(words.resigned), `${lang}: ${last}`);
    const row = await A.page.$$eval('#breakdown tr[data-seat="1"] td', (tds) => tds.map((td) => td.textContent));
    assert.ok(row.includes(words.resigned), `${lang}: ${row}`);
    assert.ok(!row.some((c) => c.includes('Bea')), `${lang}: the row names Bea once (${row})`);
    // Pinuid Classic has no luck: no "fair randomness" heading, its seed folded away.
    await A.page.click('#history-link');
    await A.page.waitForSelector('#chance');
    assert.equal(await A.page.locator('#chance > h2').count(), 0, `${lang}: no chance heading`);
    assert.equal(await A.page.locator('#chance details:not([open]) #rng').count(), 1, `${lang}: the seed folded`);
    assert.equal(await A.page.isVisible('#commitment'), false);
    // Pinuid's summary: lines across or up and down, steps diagonal (the How to play page and the welcome page).
    await A.page.goto(`${BASE}/help/pinuid`);
    await A.page.waitForSelector('#help');
    const help = await A.page.textContent('main');
    assert.match(help, words.pinuid);
    assert.doesNotMatch(help, words.notPinuid);
    // A leaderboard nobody is on yet says why in plain words.
    await A.page.goto(`${BASE}/leaderboard/trangouar`);
    await A.page.waitForSelector('#leaderboard-empty');
    assert.match(await A.page.textContent('#leaderboard-empty'), words.empty);
    for (const p of [A, B]) {
      clean(p.page);
      await p.ctx.close();
    }
    const V = await visitor(browser, SIZES.phone, options);
    await V.page.goto(`${BASE}/`);
    await V.page.waitForSelector('#game-cards .game-card[data-game="pinuid"]');
    assert.match(await V.page.textContent('#game-cards .game-card[data-game="pinuid"]'), words.pinuid);
    await V.ctx.close();
  });
}

/** Messages that name the real cause, in each language. */
const CAUSES = {
  en: { seatEmpty: /^A seat is still empty/, youStart: /start the match when you are ready/, hostStarts: /waiting for the host to start/, closed: /^Your account Gus\w* is closed/, banned: /^A moderator has banned you from this server until .*\d/ },
  fr: { seatEmpty: /^Une place est encore vide/, youStart: /lancez la partie quand vous êtes prêt/, hostStarts: /en attente du lancement par l’hôte/, closed: /^Votre compte Gus\w* est fermé/, banned: /^Un modérateur vous a banni de ce serveur jusqu’au .*\d/ },
};

for (const [lang, options] of Object.entries(LANGS)) {
  test(`messages that name the real cause: an empty seat, whose Start, a closed account, a ban (${lang}, phone)`, async () => {
    const says = CAUSES[lang];
    // Start with a seat empty and no computer: the seat is said, nothing is sent.
    const A = await newPlayer(browser, 'Hal', SIZES.phone, options);
    const code = await createRoom(A.page, 'abalone', 2);
    await A.page.click('#start');
    await A.page.waitForFunction(() => document.querySelector('#message').textContent.length > 0);
    assert.match(await A.page.textContent('#message'), says.seatEmpty);
    assert.equal(await A.page.getAttribute('#room', 'data-status'), 'waiting');
    // Every seat taken: the host is asked to start, the other waits for the host.
    const B = await newPlayer(browser, 'Ivy', SIZES.phone, options);
    await B.page.goto(`${BASE}/r/${code}`);
    await B.page.waitForSelector('#seats li[data-seat="1"].me');
    await A.page.waitForSelector('#seats li[data-seat="1"].on');
    await A.page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#turn').textContent), says.youStart.source);
    assert.match(await B.page.textContent('#turn'), says.hostStarts);
    // A moderator bans Ivy for an hour: every page she opens says so to her, with the end.
    grantAdmin(await idOf(A.page));
    const ban = await fetch(`${BASE}/api/v1/mod/players/${await idOf(B.page)}/ban`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await tokenOf(A.page)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'test', duration_s: 3600 }),
    });
    assert.equal(ban.status, 200);
    await B.page.goto(`${BASE}/`);
    await B.page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#conn').textContent), says.banned.source);
    // Closing her account is refused for the ban, not for a password.
    await B.page.goto(`${BASE}/account`);
    await B.page.click('#close-account');
    await B.page.click('#close-confirm');
    await B.page.waitForFunction(() => document.querySelector('#data-error').textContent.length > 0);
    assert.match(await B.page.textContent('#data-error'), says.banned);
    await shot(B.page, `phone-banned-${lang}-phone`);
    // A guest who closes its account is told it is done.
    const G = await newPlayer(browser, `Gus${lang}`, SIZES.phone, options);
    await G.page.goto(`${BASE}/account`);
    await G.page.click('#close-account');
    await G.page.click('#close-confirm');
    await G.page.waitForSelector('#account-closed');
    assert.match(await G.page.textContent('#account-closed'), says.closed);
    for (const p of [A, G]) clean(p.page);
    for (const p of [A, B, G]) await p.ctx.close();
  });
}

/** Acts that say they were done, in each language. */
const ACTS = {
  en: { ask: /^Block Sly\w*\?/, done: /^You blocked Sly\w*: you will not see their chat\./, ban: 'Ban', banAsk: /^Ban Sly\w*\? Ban for a day\./, resolve: 'Resolve' },
  fr: { ask: /^Bloquer Sly\w* \?/, done: /^Vous avez bloqué Sly\w* : vous ne verrez plus ses messages\./, ban: 'Bannir', banAsk: /^Bannir Sly\w* \? Bannir pour un jour\./, resolve: 'Clore' },
};

for (const [lang, options] of Object.entries(LANGS)) {
  test(`acts that say they were done: a block asked, confirmed and undone; a ban asked, its button Ban; the journal in words (${lang}, phone)`, async () => {
    const says = ACTS[lang];
    const A = await newPlayer(browser, `Ace${lang}`, SIZES.phone, options);
    const code = await createRoom(A.page, 'abalone', 2);
    const B = await newPlayer(browser, `Sly${lang}`, SIZES.phone, options);
    await B.page.goto(`${BASE}/r/${code}`);
    await B.page.waitForSelector('#seats li[data-seat="1"].me');
    const chat = async (text) => {
      await B.page.fill('#chat-text', text);
      await B.page.press('#chat-text', 'Enter');
      await A.page.waitForSelector(`#chat-list li:has-text("${text}")`);
    };
    await chat('hello there');
    const blocks = async () => (await (await fetch(`${BASE}/api/v1/players/me/blocks`, { headers: { Authorization: `Bearer ${await tokenOf(A.page)}` } })).json()).blocks.length;
    // Block asks once: cancelled, nothing happens.
    await A.page.click('#chat-list li:has-text("hello there") .block-button');
    await A.page.waitForSelector('#block-dialog[open]');
    assert.match(await A.page.textContent('#block-q'), says.ask);
    await A.page.click('#block-cancel');
    assert.equal(await blocks(), 0);
    assert.equal(await A.page.locator('#chat-list li:has-text("hello there")').count(), 1);
    // Confirmed: the line goes, the block is said with Undo, which lifts it.
    await A.page.click('#chat-list li:has-text("hello there") .block-button');
    await A.page.click('#block-confirm');
    await A.page.waitForSelector('#block-note:not([hidden])');
    assert.match(await A.page.textContent('#block-note'), says.done);
    assert.equal(await blocks(), 1);
    await shot(A.page, `phone-blocked-${lang}-phone`);
    await A.page.click('#block-undo');
    await A.page.waitForSelector('#block-note', { state: 'hidden' });
    assert.equal(await blocks(), 0);
    await chat('back again');

    // A moderator's ban: the button says Ban, and it asks first.
    grantAdmin(await idOf(A.page));
    const reported = await fetch(`${BASE}/api/v1/reports`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await tokenOf(A.page)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ player: await idOf(B.page), reason: 'chat', room: code, text: 'rude' }),
    });
    assert.equal(reported.status, 201);
    await A.page.goto(`${BASE}/mod`);
    const item = `.mod-report:has(a[href="/p/${await idOf(B.page)}"])`;
    await A.page.waitForSelector(item);
    assert.equal((await A.page.textContent(`${item} button[type="submit"]`)).trim(), says.resolve);
    await A.page.selectOption(`${item} select[name="action"]`, 'ban-1d');
    assert.equal((await A.page.textContent(`${item} button[type="submit"]`)).trim(), says.ban);
    await A.page.fill(`${item} input[name="reason"]`, 'rude');
    await A.page.click(`${item} button[type="submit"]`);
    await A.page.waitForSelector('#ban-dialog[open]');
    assert.match(await A.page.textContent('#ban-q'), says.banAsk);
    await A.page.click('#ban-cancel');
    const standing = async () => (await (await fetch(`${BASE}/api/v1/mod/players/${await idOf(B.page)}`, { headers: { Authorization: `Bearer ${await tokenOf(A.page)}` } })).json()).banned;
    assert.equal(await standing(), false, 'not banned when cancelled');
    await A.page.click(`${item} button[type="submit"]`);
    await A.page.click('#ban-confirm');
    await A.page.waitForSelector(item, { state: 'detached' });
    assert.equal(await standing(), true);
    // The journal: the command line's grant in words, none of its English.
    await A.page.waitForSelector('#mod-log-table tr[data-action="grant_admin"]');
    assert.doesNotMatch(await A.page.textContent('#mod-log-table'), /plateau admin|from the command line/);
    clean(A.page);
    for (const p of [A, B]) await p.ctx.close();
  });
}

for (const [lang, options] of Object.entries(LANGS)) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`replay on touch: first, previous, next and last; the board in view when a move is tapped (${lang}, ${size})`, async () => {
      const A = await newPlayer(browser, 'Rey', viewport, options);
      await createRoom(A.page, 'abalone', 2, { max_plies: 12, cap_result: 'marbles' });
      await start(A.page, true);
      while (await myTurnOrOver(A.page)) await pointAndPlay(A.page);
      await A.page.waitForSelector('#history-link');
      await A.page.click('#history-link');
      await A.page.waitForSelector('#board[data-ply="12"] svg.board-svg');
      for (const id of ['first', 'prev', 'next', 'last']) {
        const b = await A.page.locator(`#${id}`).boundingBox();
        // 40 px for a finger on a phone; a desktop's usual button height (2.4rem) elsewhere.
        const min = size === 'phone' ? 40 : 38;
        assert.ok(b && b.height >= min && b.width >= min, `${lang} ${size}: #${id} is there, big enough to tap (${b && `${b.width}x${b.height}`})`);
      }
      await A.page.click('#first');
      await A.page.waitForSelector('#board[data-ply="0"]');
      await A.page.click('#next');
      await A.page.waitForSelector('#board[data-ply="1"]');
      await A.page.click('#last');
      await A.page.waitForSelector('#board[data-ply="12"]');
      await A.page.click('#prev');
      await A.page.waitForSelector('#board[data-ply="11"]');
      // A move tapped far down the list brings the board back into view.
      await A.page.locator('#moves li[data-ply="3"] button').scrollIntoViewIfNeeded();
      await A.page.click('#moves li[data-ply="3"] button');
      await A.page.waitForSelector('#board[data-ply="3"]');
      await A.page.waitForTimeout(300);
      const board = await A.page.$eval('#board svg.board-svg', (s) => {
        const r = s.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      });
      assert.ok(board.top >= -1 && board.top < viewport.height / 2, `${lang} ${size}: the board is in view (top ${Math.round(board.top)})`);
      await shot(A.page, `phone-replay-${lang}-${size}`);
      clean(A.page);
      await A.ctx.close();
    });
  }
}

/** Whatever of the page is wider than the screen: the page itself, and each table (inside its card too). */
const tooWide = (page) => page.evaluate(() => {
  const out = [];
  const w = window.innerWidth;
  if (document.documentElement.scrollWidth > w + 1) out.push(`the page (${document.documentElement.scrollWidth}px)`);
  for (const t of document.querySelectorAll('table')) {
    const r = t.getBoundingClientRect();
    if (r.width && (r.right > w + 1 || t.scrollWidth > t.parentElement.clientWidth + 1)) out.push(`table#${t.id || t.className} (${Math.round(r.width)}px)`);
  }
  return out;
});

for (const [lang, options] of Object.entries(LANGS)) {
  test(`tables that fit: no page scrolls sideways, no table is wider than the screen (${lang}, phone)`, async () => {
    const { phone } = SIZES;
    const pages = [];
    const check = async (p, what) => {
      await p.waitForTimeout(300);
      const wide = await tooWide(p);
      assert.deepEqual(wide, [], `${lang}: ${what}: ${wide}`);
      pages.push(what);
    };
    // A first visit, the sign-in page.
    const V = await visitor(browser, phone, options);
    await V.page.goto(`${BASE}/`);
    await V.page.waitForSelector('#game-cards .game-card svg');
    await check(V.page, 'welcome');
    await V.page.goto(`${BASE}/signin`);
    await V.page.waitForSelector('form');
    await check(V.page, 'signin');
    await V.ctx.close();
    // A player with a long name: home, a room under way, its history, the profile, the account, a
    // leaderboard, every How to play page.
    const A = await newPlayer(browser, 'Maximilienne-Théodora', phone, options);
    await check(A.page, 'home');
    await createRoom(A.page, 'abalone', 2, { max_plies: 4, cap_result: 'marbles' });
    await start(A.page, true);
    await check(A.page, 'room');
    while (await myTurnOrOver(A.page)) await pointAndPlay(A.page);
    await A.page.waitForSelector('#breakdown');
    await check(A.page, 'room at the end');
    await A.page.click('#history-link');
    await A.page.waitForSelector('#board svg.board-svg');
    await check(A.page, 'history');
    await A.page.goto(`${BASE}/p/${await idOf(A.page)}`);
    await A.page.waitForSelector('#profile-games');
    await check(A.page, 'profile');
    await A.page.goto(`${BASE}/account`);
    await A.page.waitForSelector('#close-account');
    await check(A.page, 'account');
    await A.page.goto(`${BASE}/leaderboard/abalone`);
    await A.page.waitForSelector('#leaderboard-table, #leaderboard-empty');
    await check(A.page, 'leaderboard');
    for (const game of ['abalone', 'triominos', 'pinuid', 'trangouar', 'groups-of-three']) {
      await A.page.goto(`${BASE}/help/${game}`);
      await A.page.waitForSelector('#help svg.board-svg');
      await check(A.page, `help ${game}`);
    }
    // A moderator's page with its journal, and a Swiss tournament's standings (every column).
    grantAdmin(await idOf(A.page));
    await A.page.goto(`${BASE}/mod`);
    await A.page.waitForSelector('#mod-log-table');
    await check(A.page, 'mod');
    const post = async (path, body, token) => fetch(`${BASE}/api/v1${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const made = await post('/tournaments', { name: 'Championnat d’hiver des joueuses', kind: 'swiss', game: 'abalone', players: 2, clock: { kind: 'per_move', s: 60 }, visibility: 'public', rounds: 3, starts_at: new Date(Date.now() + 86400000).toISOString() }, await tokenOf(A.page));
    const answer = await made.text();
    assert.equal(made.status, 201, answer);
    const { id } = JSON.parse(answer);
    assert.equal((await post(`/tournaments/${id}/join`, {}, await tokenOf(A.page))).status < 300, true);
    const B = await newPlayer(browser, 'Bartholomew-Alexandre', phone, options);
    assert.equal((await post(`/tournaments/${id}/join`, {}, await tokenOf(B.page))).status < 300, true);
    await B.page.goto(`${BASE}/t/${id}`);
    await B.page.waitForSelector('#standings tbody tr');
    await check(B.page, 'tournament');
    assert.equal(await B.page.locator('#standings thead th').count(), 6, 'a Swiss shows its tie-breaks');
    await shot(B.page, `phone-standings-${lang}-phone`);
    for (const p of [A, B]) {
      clean(p.page);
      await p.ctx.close();
    }
  });
}
