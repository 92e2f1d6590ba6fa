//! Helpers of the browser tests: launching Debian's Chromium through playwright-core, making a
//! player in a fresh browser context, creating and joining rooms through the UI, and playing a
//! move by pointing at what the board lights up (keyboard or mouse).

import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

export const BASE = process.env.PLATEAU_URL || 'http://127.0.0.1:8080';
/** The two screens every page must work on. */
export const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
export const SHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const CHROMIUM = {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export function launch() {
  return chromium.launch(CHROMIUM);
}

/**
 * A browser with a profile of its own in `dir` (not incognito, as `launch`'s contexts are: Chromium
 * installs no app from an incognito window), as one context; `options` go to it (`viewport`).
 */
export function launchPersistent(dir, options = {}) {
  return chromium.launchPersistentContext(dir, { ...CHROMIUM, ...options });
}

/**
 * A new browser context and page with no name yet. Every request the page makes is checked to go
 * to Plateau itself (`page.foreign`), and page errors are kept (`page.errors`): see [`clean`].
 */
export async function visitor(browser, viewport, contextOptions = {}) {
  const ctx = await browser.newContext({ viewport, ...contextOptions });
  const page = await ctx.newPage();
  const origin = new URL(BASE).origin;
  page.foreign = [];
  page.errors = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.origin !== origin && u.protocol !== 'data:' && u.protocol !== 'blob:') page.foreign.push(r.url());
  });
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return { ctx, page };
}

/**
 * A new browser context with a page that has picked `name`. Every request the page makes is
 * checked to go to Plateau itself, and page errors fail the test. `contextOptions` go to the
 * context (e.g. `reducedMotion: 'reduce'`).
 */
export async function newPlayer(browser, name, viewport = { width: 1200, height: 900 }, contextOptions = {}) {
  const { ctx, page } = await visitor(browser, viewport, contextOptions);
  await page.goto(`${BASE}/`);
  await page.fill('#name', name);
  await page.press('#name', 'Enter');
  await page.waitForSelector('#create-form');
  await page.waitForSelector(`#me-name:text("${name}")`);
  return { ctx, page };
}

/**
 * Fills the create form (game, players, options by field name, and a clock: a preset's id such as
 * 'blitz', or a custom `{kind, ...numbers}`) and returns the room code.
 */
export async function createRoom(page, game, players, options = {}, visibility = 'private', clock = null) {
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create-form');
  await page.selectOption('#game', game);
  await page.selectOption('#players', String(players));
  for (const [name, value] of Object.entries(options)) {
    const sel = `#opt-${name}`;
    // House rules are folded under "More options".
    await page.$eval(sel, (e) => {
      const more = e.closest('details');
      if (more) more.open = true;
    });
    const tag = await page.$eval(sel, (e) => `${e.tagName}:${e.type}`);
    if (tag.startsWith('SELECT')) await page.selectOption(sel, String(value));
    else if (tag.endsWith('checkbox')) await page.setChecked(sel, !!value);
    else await page.fill(sel, value === null ? '' : String(value));
  }
  if (typeof clock === 'string') await page.selectOption('#clock', clock);
  else if (clock) {
    await page.selectOption('#clock', 'custom');
    await page.selectOption('#clock-kind', clock.kind);
    for (const [name, value] of Object.entries(clock)) if (name !== 'kind') await page.fill(`#clock-${name}`, String(value));
  }
  await page.check(visibility === 'public' ? '#vis-public' : '#vis-private');
  await page.click('#create');
  await page.waitForURL(/\/r\/[A-Z0-9]+$/);
  await page.waitForSelector('#room[data-status="waiting"]');
  return page.url().split('/r/')[1];
}

export async function openRoom(page, code, watch = false) {
  await page.goto(`${BASE}/r/${code}${watch ? '?watch' : ''}`);
  await page.waitForSelector(`#room[data-room="${code}"]`);
}

/** The host starts the match (optionally with bots) and the board appears. */
export async function start(page, bots = false) {
  await page.waitForSelector('#start');
  if (bots) await page.check('#fill-bots');
  await page.click('#start');
  await page.waitForSelector('#room[data-status="playing"], #room[data-status="finished"]');
  await page.waitForSelector('#board svg.board-svg');
}

export async function ply(page) {
  return Number(await page.getAttribute('#room', 'data-ply'));
}

export async function waitPly(page, n, timeout = 15000) {
  await page.waitForFunction((want) => Number(document.querySelector('#room')?.dataset.ply) >= want, n, { timeout });
}

export async function waitMyTurn(page, timeout = 15000) {
  await waitRoom(page, '#room[data-my-turn="true"]', timeout);
}

/**
 * Waits until it is my turn (true) or the match is over (false): a bot's move may end the match
 * after a loop saw it playing, and then the turn never comes back.
 */
export async function myTurnOrOver(page, timeout = 15000) {
  await waitRoom(page, '#room[data-my-turn="true"], #room:not([data-status="playing"])', timeout);
  return (await page.getAttribute('#room', 'data-my-turn')) === 'true'
    && (await page.getAttribute('#room', 'data-status')) === 'playing';
}

/** Waits for `selector`; a failure says what the page showed instead. */
async function waitRoom(page, selector, timeout) {
  try {
    await page.waitForSelector(selector, { timeout });
  } catch (e) {
    throw new Error(`not my turn after ${timeout} ms: ${await describe(page)}`);
  }
}

/** What the page shows and holds, for failure messages. */
export async function describe(page) {
  return page.evaluate(() => {
    const st = window.__plateau.page && window.__plateau.page.state;
    return JSON.stringify({
      url: location.pathname,
      turn: document.querySelector('#turn')?.textContent,
      message: document.querySelector('#message')?.textContent,
      conn: document.body.dataset.conn,
      version: st && st.version,
      syncing: st && st.syncing,
      pending: st && st.pending && st.pending.frame,
      to_move: st && st.view && st.view.to_move,
      legal: st && st.view && st.view.you && st.view.you.legal && st.view.you.legal.length,
      status: st && st.view && st.view.status,
    });
  });
}

/**
 * Plays one move by pointing: a lit target if there is one, else a piece to select (not one
 * already selected), until the move is sent. `keyboard` presses Enter on the focused element
 * instead of clicking. Returns how many things were pointed at.
 */
export async function pointAndPlay(page, { keyboard = true, prefer = null } = {}) {
  await waitMyTurn(page);
  // One move only: with bots that answer at once, it may be this player's turn again already.
  const version = await page.getAttribute('#room', 'data-version');
  for (let i = 0; i < 12; i++) {
    if ((await page.getAttribute('#room', 'data-my-turn')) !== 'true') return i;
    if ((await page.getAttribute('#room', 'data-version')) !== version) return i;
    let el = null;
    if (prefer) {
      const p = page.locator(prefer).first();
      if (await p.count()) el = p;
    }
    if (!el) {
      const t = page.locator('#board [data-act="target"]').first();
      if (await t.count()) el = t;
    }
    if (!el) {
      const sel = page.locator('#board [data-act="select"]:not(.selected)').first();
      if (await sel.count()) el = sel;
    }
    if (!el) {
      const step = page.locator('#board [data-act="step"]').first();
      if (await step.count()) el = step;
    }
    if (!el) {
      // Nothing to point at: a turn that is only a button (draw, pass, end, do nothing).
      const b = page.locator('#board-panel').locator('#draw, #pass, #end-turn, #nothing').first();
      if (await b.count()) el = b;
    }
    assert.ok(el, 'nothing to point at on the board');
    if (keyboard) {
      await el.focus();
      await page.keyboard.press(i % 2 ? 'Space' : 'Enter');
    } else {
      await el.click();
    }
  }
  await page.waitForSelector('#room[data-my-turn="false"]', { timeout: 5000 });
  return 12;
}

/** Waits until one of `players` ({page}) has to move, and returns it. */
export async function whoseTurn(players, timeout = 15000) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    for (const p of players) {
      if ((await p.page.getAttribute('#room', 'data-my-turn')) === 'true') return p;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('nobody has to move');
}

export async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The id and token of the player a page plays as. */
export const idOf = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('plateau.identity')).id);
export const tokenOf = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('plateau.identity')).token);

/** Makes player `id` an admin as an operator would: `plateau admin grant` on the server's database (run.sh says where). */
export function grantAdmin(id) {
  execFileSync(process.env.PLATEAU_TEST_BIN, ['admin', 'grant', id, '--database-url', process.env.PLATEAU_TEST_DATABASE_URL], { stdio: 'pipe' });
}

/** Fails if the page loaded anything from elsewhere or threw. */
export function clean(page) {
  assert.deepEqual(page.foreign, [], 'requests outside Plateau');
  assert.deepEqual(page.errors, [], 'page errors');
}
