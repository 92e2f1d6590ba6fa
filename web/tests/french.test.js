//! The client in French, in headless Chromium against the real server: a browser whose language is
//! French gets French by itself (French is complete), and a French speaker walks every page they
//! meet, at 1280x800 and 390x844: the first visit, the home page and the new-room form with every
//! game's options, a room waiting for players, a match under way on every game's board against
//! the computer (a move played where the board asks for one), its result after resigning, the
//! replay, the profile, the account, the sign-in page, a leaderboard and every How to play page;
//! an invite link, a draw offered, a spectator, and what does not exist (a match, a room, a game).
//! On each, no English is left (the English catalogue's phrases that French says otherwise, and
//! common English words; names people chose are French here), and nothing overflows the page's
//! width. Screenshots: `fr-<page>-<size>.png`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FluentResource } from '../vendor/fluent-bundle/index.js';
import { BASE, SIZES, launch, visitor, createRoom, pointAndPlay, shot, clean } from './helpers.js';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const GAMES = ['abalone', 'triominos', 'pinuid', 'trangouar', 'groups-of-three'];

/** Every piece of plain text of a catalogue's messages (variants included), trimmed. */
function texts(code) {
  const out = [];
  const walk = (pattern) => {
    if (!pattern) return;
    if (typeof pattern === 'string') {
      out.push(pattern);
      return;
    }
    for (const el of pattern) {
      if (typeof el === 'string') out.push(el);
      else if (el.type === 'select') for (const v of el.variants) walk(v.value);
    }
  };
  for (const m of new FluentResource(readFileSync(join(WEB, 'i18n', `${code}.ftl`), 'utf8')).body) walk(m.value);
  return out.map((s) => s.trim());
}

/**
 * English phrases the French pages must not show: the pieces of the English catalogue's messages
 * of two words or more that appear nowhere in the French catalogue.
 */
const french = texts('fr').join('\n');
const ENGLISH = [...new Set(texts('en')
  .flatMap((s) => s.split(/[:;()·.?!,“”]/))
  .map((s) => s.trim())
  .filter((s) => s.length >= 8 && /[a-z]+ [a-z]+/i.test(s) && !french.includes(s)))];
/** English words that French never uses, as whole words. */
const WORDS = /\b(the|and|you|your|with|of|to|is|are|room|rooms|match|matches|player|players|move|moves|turn|waiting|game|games|board|seat|seats|wins|won|lost|rated|clock|play|back|home|how|yet|not|this|from|for|by|at|none|nobody|left|draw|out|bot|bots)\b/i;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A browser speaking French (no choice made here: the browser's language picks French). */
async function frenchVisitor(viewport) {
  return visitor(browser, viewport, { locale: 'fr-FR' });
}

/**
 * What the page shows a person: its visible text, and the labels, titles and placeholders of its
 * visible elements (screen readers and tooltips), the language chooser and the chat left out.
 */
async function shown(page) {
  return page.evaluate(() => {
    // Groups-of-Three's space labels are codes (TO, NOa: their letters from the catalogue, checked
    // in phone.test.js), not words.
    const skip = (el) => el.closest('#lang-choice, #chat-list, .seat-name, #me-name, .player-link, .space-label');
    const visible = (el) => el.getClientRects().length > 0 || el.closest('svg');
    const parts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || skip(el) || el.closest('script, style, [hidden], noscript') || !visible(el)) continue;
      if (el.closest('select') && !el.closest('option:checked')) continue;
      const text = n.textContent.trim();
      if (text) parts.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], title')) {
      if (skip(el) || el.closest('[hidden]')) continue;
      for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute && el.getAttribute(a)) parts.push(el.getAttribute(a));
      if (el.tagName.toLowerCase() === 'title' && el.closest('svg')) parts.push(el.textContent);
    }
    return parts;
  });
}

/** No English left on the page, and nothing wider than the screen; a screenshot. */
async function check(page, label, size, names = []) {
  await page.waitForFunction(() => document.documentElement.lang === 'fr');
  const strip = (s) => names.reduce((acc, n) => acc.split(n).join(' '), s);
  const parts = (await shown(page)).map(strip);
  const all = parts.join('\n');
  const phrases = ENGLISH.filter((p) => all.includes(p));
  assert.deepEqual(phrases, [], `${label} (${size}): English phrases left`);
  const words = parts.filter((p) => WORDS.test(p));
  assert.deepEqual(words, [], `${label} (${size}): English words left`);
  const wide = await page.evaluate(() => {
    const out = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push(`page ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    const scrolls = (el) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      if (el.closest('[hidden], dialog:not([open])') || !el.getClientRects().length) continue;
      const r = el.getBoundingClientRect();
      if (r.width && r.right > window.innerWidth + 1 && !scrolls(el)) out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className.baseVal ?? el.className} right ${Math.round(r.right)}`);
      // A control or tag whose words are cut.
      if (/^(BUTTON|LABEL|A|H1|H2|H3|SUMMARY|LEGEND)$/.test(el.tagName) || el.classList.contains('tag')) {
        const cs = getComputedStyle(el);
        if ((cs.overflowX === 'hidden' || cs.textOverflow === 'ellipsis') && el.scrollWidth > el.clientWidth + 1) out.push(`cut: ${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}"`);
      }
    }
    return out.slice(0, 10);
  });
  assert.deepEqual(wide, [], `${label} (${size}): wider than the screen`);
  await shot(page, `fr-${label}-${size}`);
}

/** "Play against the computer": a started room against one bot; its code. */
async function playBots(page, game) {
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#bot-form');
  await page.selectOption('#bot-game', game);
  await page.selectOption('#bot-players', '2');
  await page.check('#bot-level-random');
  await page.click('#play-bots');
  await page.waitForURL(/\/r\/[A-Z0-9]+$/);
  await page.waitForSelector('#room[data-status="playing"], #room[data-status="finished"]');
  await page.waitForSelector('#board svg.board-svg');
  return page.url().split('/r/')[1];
}

/** Plays one move where the board asks for one (Trangouar's setup: its first example). */
async function playOne(page, game) {
  if (game === 'trangouar') {
    await page.waitForSelector('[data-example="0"]');
    await page.click('[data-example="0"]');
    await page.click('#submit-setup');
    await page.waitForSelector('#board-panel:has-text("Votre mise en place est envoyée"), #room[data-my-turn="true"]');
    return;
  }
  await pointAndPlay(page, { keyboard: false });
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`a French speaker meets no English and nothing too wide, from the first visit to the replay (${size})`, { timeout: 300000 }, async () => {
    const { ctx, page } = await frenchVisitor(viewport);
    const me = `Élodie${size === 'phone' ? 'T' : 'B'}`;
    const names = [me];

    // The first visit: French by the browser's language alone.
    await page.goto(`${BASE}/`);
    await page.waitForSelector('#welcome');
    await page.waitForSelector('#game-cards .game-card');
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
    assert.equal(await page.inputValue('#lang'), 'fr');
    await check(page, 'welcome', size);
    await page.fill('#name', me);
    await page.press('#name', 'Enter');
    await page.waitForSelector('#create-form');
    await page.waitForSelector('#lobby li');

    // The home page, with every game's options in the new-room form (house rules open).
    for (const game of GAMES) {
      await page.selectOption('#game', game);
      await page.$$eval('#options details', (ds) => ds.forEach((d) => { d.open = true; }));
      await check(page, `home-${game}`, size, names);
    }
    await page.selectOption('#clock', 'custom');
    await page.check('#rated');
    await check(page, 'home-custom-clock', size, names);

    // A room waiting for players.
    await createRoom(page, 'pinuid', 2);
    await page.waitForSelector('#seats li');
    await check(page, 'room-waiting', size, names);

    // Every game's board under way, a move played, then resigned: the result and the replay.
    let lastMatch = null;
    for (const game of GAMES) {
      await playBots(page, game);
      await check(page, `room-${game}`, size, names);
      await playOne(page, game);
      await check(page, `room-${game}-played`, size, names);
      if (await page.locator('#resign').count()) {
        await page.click('#resign');
        await page.waitForSelector('#resign-dialog[open]');
        await check(page, `resign-${game}`, size, names);
        await page.click('#resign-confirm');
      }
      await page.waitForSelector('#result:not([hidden])');
      await page.waitForSelector('#history-link');
      await check(page, `result-${game}`, size, names);
      await page.click('#history-link');
      await page.waitForSelector('#match #players');
      await page.waitForSelector('#board svg.board-svg');
      await page.waitForSelector('#match-breakdown #breakdown');
      lastMatch = page.url();
      await check(page, `replay-${game}`, size, names);
      await page.keyboard.press('Home');
      await page.waitForSelector('#board[data-ply="0"]');
      await check(page, `replay-${game}-start`, size, names);
    }
    assert.ok(lastMatch);

    // The profile, the account, signing in, a leaderboard, and every How to play page.
    await page.click('#me-name');
    await page.waitForSelector('#profile-matches li');
    await check(page, 'profile', size, names);
    await page.goto(`${BASE}/account`);
    await page.waitForSelector('#sign-up');
    await check(page, 'account', size, names);
    await page.goto(`${BASE}/signin`);
    await page.waitForSelector('#signin-form');
    await check(page, 'signin', size, names);
    await page.goto(`${BASE}/leaderboard/abalone`);
    await page.waitForSelector('#leaderboard');
    await check(page, 'leaderboard', size, names);
    for (const game of GAMES) {
      await page.goto(`${BASE}/help/${game}`);
      await page.waitForSelector('#help-board svg');
      await check(page, `help-${game}`, size, names);
    }
    clean(page);
    await ctx.close();
  });
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`an invite link, a spectator, the draw offer and pages of what does not exist, in French (${size})`, async () => {
    const host = await frenchVisitor(viewport);
    const guest = await frenchVisitor(viewport);
    const hostName = `Hôte${size === 'phone' ? 'T' : 'B'}`;
    const names = [hostName, 'Invitée'];
    await host.page.goto(`${BASE}/`);
    await host.page.fill('#name', hostName);
    await host.page.press('#name', 'Enter');
    await host.page.waitForSelector('#create-form');
    const code = await createRoom(host.page, 'abalone', 2);

    // The invite link, opened by someone without a name yet.
    await guest.page.goto(`${BASE}/r/${code}`);
    await guest.page.waitForSelector('#name-form.invite #invite-help');
    assert.match(await guest.page.textContent('#name-form h2'), new RegExp(`${hostName} vous invite à Abalone \\(2 joueurs\\)`));
    await check(guest.page, 'invite', size, names);
    await guest.page.fill('#name', 'Invitée');
    await guest.page.press('#name', 'Enter');
    await guest.page.waitForSelector('#room[data-status="waiting"] #seats li.me');
    await host.page.click('#start');
    await host.page.waitForSelector('#room[data-status="playing"]');
    await guest.page.waitForSelector('#room[data-status="playing"]');

    // A draw offered, as the other player and a spectator see it.
    const first = (await host.page.getAttribute('#room', 'data-my-turn')) === 'true' ? host : guest;
    const other = first === host ? guest : host;
    await first.page.click('#draw-offer');
    await other.page.waitForSelector('#draw-accept');
    await check(other.page, 'draw-offered', size, names);
    const watcher = await frenchVisitor(viewport);
    await watcher.page.goto(`${BASE}/`);
    await watcher.page.fill('#name', 'Spectatrice');
    await watcher.page.press('#name', 'Enter');
    await watcher.page.waitForSelector('#create-form');
    await watcher.page.goto(`${BASE}/r/${code}?watch`);
    await watcher.page.waitForSelector('#watching');
    await watcher.page.waitForSelector('#board svg.board-svg');
    await check(watcher.page, 'spectator', size, [...names, 'Spectatrice']);

    // What does not exist.
    await guest.page.goto(`${BASE}/m/00000000-0000-4000-8000-000000000000`);
    await guest.page.waitForSelector('h1:text("Partie introuvable")');
    await check(guest.page, 'no-match', size, names);
    await guest.page.goto(`${BASE}/r/NOSUCHROOM`);
    await guest.page.waitForSelector('h1:text("Salon introuvable")');
    await check(guest.page, 'no-room', size, names);
    await guest.page.goto(`${BASE}/help/chess`);
    await guest.page.waitForSelector('h1:text("Ce jeu n’existe pas")');
    await check(guest.page, 'no-help', size, names);
    for (const p of [host, guest, watcher]) {
      clean(p.page);
      await p.ctx.close();
    }
  });
}

test('the language chosen in the header is kept; English stays English', async () => {
  const { ctx, page } = await frenchVisitor(SIZES.desktop);
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#welcome');
  assert.equal(await page.getAttribute('html', 'lang'), 'fr');
  assert.match(await page.textContent('#welcome-h'), /Des jeux de plateau/);
  await Promise.all([page.waitForEvent('load'), page.selectOption('#lang', 'en')]);
  await page.waitForSelector('#welcome');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.match(await page.textContent('#welcome-h'), /Board games with friends/);
  await page.reload();
  await page.waitForSelector('#welcome');
  assert.equal(await page.getAttribute('html', 'lang'), 'en', 'the choice is kept over the browser\'s language');
  clean(page);
  await ctx.close();
});
