//! Every board readable and usable by everyone (issue 29), at 1280x800 and 390x844, in a 2-player
//! match of each game (and Trangouar's secret setup): the board fits the phone's width; every
//! piece and every lit target has a name that says whose piece it is and where; pieces carry their
//! seat's mark as well as its colour; coordinates contrast 4.5:1 with what is behind them;
//! Groups-of-Three's spaces are labelled and its moves are told with those labels; Trangouar's
//! cubes show their pearls as digits; Pinuid's "can move" ring is in no seat's colour; the
//! Triominos opening says why only some tiles may open; a move is played by keyboard alone; icons
//! are SVG, not emoji. Saves board-<game>-<size>.png for each.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, createRoom, start, whoseTurn, waitPly, ply, pointAndPlay, describe, clean, SHOTS } from './helpers.js';
import { join } from 'node:path';

const GAMES = ['abalone', 'triominos', 'pinuid', 'trangouar', 'groups-of-three'];
const NAMES = ['Wim', 'Xia'];
const COLOUR_WORDS = /^(black|white|red|blue|green|yellow|grey|purple)\b/;
/** A Groups-of-Three space label, as the board writes it (events.js spaceLabel). */
const SPACE_LABEL = /\b([ABC][1-8]|T[NESW]|S[1-8][abc]|(?:NE|NW|SE|SW)[abc]|OUT)\b/g;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Two players in a started match of `game`. */
async function pair(game, viewport) {
  const A = await newPlayer(browser, NAMES[0], viewport);
  const code = await createRoom(A.page, game, 2);
  const B = await newPlayer(browser, NAMES[1], viewport);
  await B.page.goto(`${BASE}/r/${code}`);
  await B.page.waitForSelector('#seats li[data-seat="1"].me');
  await start(A.page);
  await B.page.waitForSelector('#board svg.board-svg');
  return { A, B };
}

async function done(...players) {
  for (const p of players) {
    clean(p.page);
    await p.ctx.close();
  }
}

/** A picture of the board's box, the screen's whole width (the board may span it on a phone). */
async function boardShot(page, name) {
  const box = await page.locator('#board').boundingBox();
  const width = page.viewportSize().width;
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true, clip: { x: 0, y: box.y + (await page.evaluate(() => window.scrollY)), width, height: box.height } });
}

/**
 * The page does not scroll sideways, and the board and every label of it lie within the screen's
 * width (at a phone's width: no zooming in, no panning, while the board has nothing small to tap).
 */
async function checkWidth(page, label, width) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `${label}: the page is ${scroll}px wide, wider than ${width}`);
  const out = await page.evaluate((w) => {
    const svg = document.querySelector('#board svg.board-svg');
    const r = svg.getBoundingClientRect();
    const bad = [];
    if (r.left < 0 || r.right > w) bad.push(`the board spans ${Math.round(r.left)}..${Math.round(r.right)}`);
    for (const t of svg.querySelectorAll('text')) {
      const b = t.getBoundingClientRect();
      if (b.width && (b.left < -0.5 || b.right > w + 0.5)) bad.push(`"${t.textContent}" at ${Math.round(b.left)}..${Math.round(b.right)}`);
    }
    return bad;
  }, width);
  assert.deepEqual(out, [], `${label}: within 0..${width}px`);
}

/**
 * Every lit target has a name; every piece's name says its colour (or what it is), its owner and
 * its place; every piece of one colour wears one mark, different from the other colours'.
 */
async function checkNames(page, game, label) {
  const found = await page.evaluate(() => {
    const svg = document.querySelector('#board svg.board-svg');
    const buttons = [...svg.querySelectorAll('[role="button"]')].map((b) => b.getAttribute('aria-label') || '');
    const pieces = [...svg.querySelectorAll('[data-piece]')].map((p) => {
      const box = p.matches('g') ? p : p.parentElement;
      const spaceLabel = box.querySelector('text.space-label');
      return {
        at: p.dataset.piece,
        name: p.getAttribute('aria-label') || '',
        role: p.getAttribute('role'),
        mark: box.querySelector('.seat-mark')?.dataset.mark || null,
        numbers: [...box.querySelectorAll('text.num')].map((t) => t.textContent),
        spaceLabel: spaceLabel ? spaceLabel.textContent : null,
      };
    });
    return { buttons, pieces };
  });
  for (const b of found.buttons) assert.ok(b.trim().length > 3, `${label}: a lit target without a name ("${b}")`);
  if (game === 'triominos') {
    // Tiles belong to nobody: a placed tile's name gives its numbers.
    for (const p of found.pieces) {
      assert.equal(p.role, 'img');
      assert.match(p.name, /^tile \d-\d-\d/, `${label}: ${p.name}`);
      assert.deepEqual(p.name.slice(5, 10).split('-').sort(), [...p.numbers].sort(), `${label}: "${p.name}" names the numbers drawn`);
    }
    return found;
  }
  assert.ok(found.pieces.length > 0, `${label}: pieces on the board`);
  const markOf = new Map();
  for (const p of found.pieces) {
    // A piece to pick is itself the button; the others are named images.
    assert.ok(['img', 'button'].includes(p.role), `${label}: ${p.name} is an image or a button with a name (${p.role})`);
    assert.match(p.name, COLOUR_WORDS, `${label}: "${p.name}" says its colour`);
    if (!p.name.startsWith('grey')) assert.ok(NAMES.some((n) => p.name.includes(`(${n})`)), `${label}: "${p.name}" says its owner`);
    // Its place as the board shows it: Groups-of-Three's space label, the others' coordinates.
    const place = game === 'groups-of-three' ? p.spaceLabel : p.at;
    assert.ok(place && p.name.includes(`, ${place}`), `${label}: "${p.name}" says where it is (${place})`);
    const colour = p.name.match(COLOUR_WORDS)[1];
    if (p.mark) {
      if (!markOf.has(colour)) markOf.set(colour, p.mark);
      assert.equal(p.mark, markOf.get(colour), `${label}: every ${colour} piece has the same mark`);
    }
  }
  assert.ok(markOf.size >= 2, `${label}: the pieces of both sides wear marks (${[...markOf]})`);
  assert.equal(new Set(markOf.values()).size, markOf.size, `${label}: each colour has its own mark (${[...markOf]})`);
  return found;
}

/**
 * The contrast of every coordinate or label written on the board (and Trangouar's pearl counts)
 * with what is drawn behind its middle (shapes' fills with their opacities, down to the page's background), by WCAG 2.
 */
async function worstContrast(page) {
  return page.evaluate(() => {
    const rgba = (c) => {
      const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c || '');
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
    };
    const lum = ([r, g, b]) => {
      const f = (c) => {
        const x = c / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const SHAPES = new Set(['circle', 'rect', 'polygon', 'path', 'ellipse']);
    /** An element's own paint at a point: [r, g, b, alpha], or null for none. */
    const paintOf = (el) => {
      const cs = getComputedStyle(el);
      if (el instanceof SVGElement) {
        if (!SHAPES.has(el.tagName)) return null;
        const c = rgba(cs.fill);
        if (!c) return null;
        let alpha = c[3] * Number(cs.fillOpacity) * Number(cs.opacity);
        for (let p = el.parentElement; p && p.tagName !== 'svg'; p = p.parentElement) alpha *= Number(getComputedStyle(p).opacity);
        return [c[0], c[1], c[2], alpha];
      }
      const c = rgba(cs.backgroundColor);
      return c && c[3] > 0 ? c : null;
    };
    const texts = [...document.querySelectorAll(['coord', 'edge-label', 'space-label', 'pearl-n'].map((c) => `#board svg.board-svg text.${c}`).join(', '))];
    const results = [];
    for (const t of texts) {
      t.scrollIntoView({ block: 'center', inline: 'center' });
      const b = t.getBoundingClientRect();
      if (!b.width) continue;
      const layers = [];
      for (const el of document.elementsFromPoint(b.left + b.width / 2, b.top + b.height / 2)) {
        if (el === t || el.tagName === 'text') continue;
        const p = paintOf(el);
        if (!p || p[3] === 0) continue;
        layers.push(p);
        if (p[3] >= 1) break;
      }
      // The page's own background when nothing opaque was found.
      let under = [255, 255, 255];
      for (const [r, g, bl, a] of layers.reverse()) under = [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), bl * a + under[2] * (1 - a)];
      const ink = rgba(getComputedStyle(t).fill);
      const [hi, lo] = [lum(ink), lum(under)].sort((x, y) => y - x);
      results.push({ text: t.textContent, ratio: (hi + 0.05) / (lo + 0.05), ink: ink.slice(0, 3), under: under.map(Math.round) });
    }
    window.scrollTo(0, 0);
    results.sort((x, y) => x.ratio - y.ratio);
    return { count: results.length, worst: results[0] };
  });
}

async function checkContrast(page, label) {
  const { count, worst } = await worstContrast(page);
  assert.ok(count > 0, `${label}: coordinates or labels on the board`);
  assert.ok(worst.ratio >= 4.5, `${label}: "${worst.text}" in ${worst.ink} on ${worst.under} contrasts ${worst.ratio.toFixed(2)}:1`);
}

/** Icons are SVG: no emoji or pictograph in buttons, the seats' status, the spectators' count. */
async function checkIcons(page, label) {
  const bad = await page.evaluate(() => [...document.querySelectorAll('button, .conn-dot, #spectators')]
    .map((e) => e.textContent)
    .filter((t) => /\p{Extended_Pictographic}|[\u2190-\u21ff\u25a0-\u25ff\u2600-\u27bf]/u.test(t)));
  assert.deepEqual(bad, [], `${label}: symbols drawn with characters`);
  assert.ok(await page.locator('#flip svg.icon').count(), `${label}: Flip board has an SVG icon`);
  assert.ok(await page.locator('#seats .conn-dot svg.icon').count(), `${label}: the seats' status has SVG icons`);
  // Beside each seat's name its mark(s), none shared with the other seat.
  const marks = await page.$$eval('#seats li .seat-swatch', (s) => s.map((x) => [x.closest('li').dataset.seat, x.dataset.mark]));
  assert.deepEqual([...new Set(marks.map(([seat]) => seat))].sort(), ['0', '1'], `${label}: both seats have a mark (${marks})`);
  for (const [seat, mark] of marks) assert.ok(marks.every(([s, m]) => m !== mark || s === seat), `${label}: the mark ${mark} stands for one seat (${marks})`);
}

/** The player not to move, whose board is not zoomed in for taps (phone) and lights nothing. */
const other = (players, mover) => (players[0] === mover ? players[1] : players[0]);

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const game of GAMES) {
    test(`${game} is readable and named for everyone (${size})`, async () => {
      const { A, B } = await pair(game, viewport);
      const players = [A, B];
      if (game === 'trangouar') await trangouarSetup(players, size, viewport);
      const mover = await whoseTurn(players);
      const waiter = other(players, mover);
      await waiter.page.waitForSelector('#board svg.board-svg');
      await boardShot(waiter.page, `board-${game}-${size}`);
      await boardShot(mover.page, `board-${game}-${size}-to-move`);
      // Both players, the one to move with pieces lit to pick (40 px apart at least on a phone,
      // so the board need not zoom in for them).
      await checkWidth(waiter.page, `${game}, waiting`, viewport.width);
      await checkWidth(mover.page, `${game}, to move`, viewport.width);
      await checkNames(waiter.page, game, `${game}, waiting`);
      await checkNames(mover.page, game, `${game}, to move`);
      assert.ok(await mover.page.locator('#board svg [role="button"]').count() || game === 'triominos', `${game}: something to press on the board`);
      if (game !== 'triominos') await checkContrast(waiter.page, game);
      await checkIcons(waiter.page, game);
      await GAME_CHECKS[game]?.({ mover, waiter, size, viewport });
      await done(A, B);
    });
  }
}

/** Trangouar's secret setup: digits on the draft cubes, legible coordinates, then both set up. */
async function trangouarSetup(players, size, viewport) {
  const [A, B] = players;
  await A.page.waitForSelector('[data-example="0"]');
  await A.page.click('[data-example="0"]');
  const example = await A.page.evaluate(() => window.__plateau.page.state.view.you.legal.find((m) => m.action === 'setup').cubes);
  await checkDigits(A.page, example, 'the setup draft');
  // The coordinates read at a glance, though the setup's form above leaves the board little
  // height: their letters at least 12 px tall.
  const heights = await A.page.$$eval('#board svg text.coord', (t) => t.map((x) => x.getBoundingClientRect().height));
  assert.equal(heights.length, 18);
  assert.ok(Math.min(...heights) >= 12, `coordinates ${Math.min(...heights).toFixed(1)}px tall`);
  await checkContrast(A.page, 'trangouar setup');
  await checkWidth(A.page, 'trangouar setup', viewport.width);
  await boardShot(A.page, `board-trangouar-setup-${size}`);
  // One after the other, each once the server has the previous setup (not while its news arrives).
  const mineIn = (page) => page.waitForFunction(() => {
    const v = window.__plateau.page.state.view;
    return v.state.phase !== 'setup' || v.state.ready[v.you.seat];
  });
  await A.page.click('#submit-setup');
  await mineIn(A.page);
  await B.page.waitForFunction(() => window.__plateau.page.state.view.state.ready.some(Boolean));
  await B.page.click('[data-example="0"]');
  await B.page.click('#submit-setup');
  await mineIn(B.page);
  await A.page.waitForFunction(() => window.__plateau.page.state.view.state.phase === 'play', null, { timeout: 15000 })
    .catch(async (e) => { throw new Error(`the setup did not end: ${await describe(A.page)} / ${await describe(B.page)} ${e}`); });
}

/** Each cube shows its red, black and white pearls as digits, the counts of `cubes`. */
async function checkDigits(page, cubes, label) {
  const shown = await page.$$eval('#board svg g.cube', (gs) => gs.map((g) => ({
    at: g.dataset.at,
    digits: Object.fromEntries([...g.querySelectorAll('text.pearl-n')].map((t) => [t.dataset.pearl, t.textContent])),
    pearls: g.querySelectorAll('.pearl').length,
  })));
  assert.ok(shown.length >= cubes.length, `${label}: the cubes are drawn`);
  for (const c of cubes) {
    const s = shown.find((x) => x.at === c.at);
    assert.ok(s, `${label}: a cube on ${c.at}`);
    assert.deepEqual(s.digits, { red: String(c.red), black: String(c.black), white: String(c.white) }, `${label}: the cube on ${c.at} shows its counts as digits`);
  }
}

const GAME_CHECKS = {
  async trangouar({ waiter }) {
    const cubes = await waiter.page.evaluate(() => window.__plateau.page.state.view.state.cubes);
    await checkDigits(waiter.page, cubes, 'in play');
  },

  async pinuid({ mover, waiter }) {
    // "You can move this": a ring in none of the seats' colours (read from the pieces and seats).
    const { ring, seats } = await mover.page.evaluate(() => ({
      ring: getComputedStyle(document.querySelector('#board [data-act="select"] circle.movable')).stroke,
      seats: [...new Set([...document.querySelectorAll('#board circle.piece, #seats .seat-swatch > *')].map((x) => getComputedStyle(x).fill))],
    }));
    assert.ok(/^rgb/.test(ring), `the can-move ring is painted (${ring})`);
    assert.equal(seats.length, 2, `two seat colours (${seats})`);
    assert.ok(!seats.includes(ring), `the can-move ring (${ring}) is no seat's colour (${seats})`);
    await playByKeyboard(mover.page, 'pinuid');
    await checkMoveText(waiter.page, /moved [a-h][1-8]→[a-h][1-8]/);
  },

  async triominos({ mover, waiter }) {
    // Everyone is told how the round opens; the opener why these tiles.
    for (const p of [mover, waiter]) {
      assert.match(await p.page.textContent('#opening-rule'), /highest triple.*\+ 10.*nobody holds a triple, the tile with the highest total opens/);
    }
    const hint = await mover.page.textContent('#triominos-hint');
    const tiles = await mover.page.evaluate(() => [...new Set(window.__plateau.page.state.view.you.legal.filter((m) => m.action === 'place').map((m) => m.tile.join('-')))]);
    const triple = tiles.every((t) => new Set(t.split('-')).size === 1);
    assert.match(hint, triple ? /You hold the highest triple/ : /Nobody holds a triple, so your highest tile opens/);
    for (const t of tiles) assert.ok(hint.includes(t) || (t === '0-0-0' && /0-0-0/.test(hint)), `the hint names ${t}: ${hint}`);
  },

  async 'groups-of-three'({ mover, waiter }) {
    const labels = await waiter.page.$$eval('#board svg text.space-label', (t) => t.map((x) => x.textContent));
    assert.equal(labels.length, 65, 'every space is labelled');
    assert.equal(new Set(labels).size, 65, 'no two spaces share a label');
    // A move, and its text in the "Last:" line and the events feed uses the labels of the board.
    const at = await ply(mover.page);
    await pointAndPlay(mover.page, { keyboard: true }).catch(() => {});
    await waitPly(waiter.page, at + 1);
    for (const sel of ['#last-move', '#events']) {
      await waiter.page.waitForFunction((s) => /moved from|crossed from|added a piece|took a piece out/.test(document.querySelector(s).textContent), sel);
      const text = await waiter.page.textContent(sel);
      const named = [...text.matchAll(SPACE_LABEL)].map((m) => m[1]);
      assert.ok(named.length > 0, `${sel} names spaces: ${text}`);
      for (const n of named) assert.ok(labels.includes(n), `${sel}: "${n}" is a label on the board (${text})`);
    }
  },
};

/** The "Last:" line of the other player tells the move. */
async function checkMoveText(page, re) {
  await page.waitForFunction((s) => new RegExp(s).test(document.querySelector('#last-move').textContent), re.source);
}

/**
 * A move by keyboard alone: Tab from the top of the page to the board, the arrow keys to walk it,
 * Enter to pick a piece, the arrow keys on to a lit target, Space to play it.
 */
async function playByKeyboard(page, game) {
  const at = await ply(page);
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  const focusedAct = () => page.evaluate(() => {
    const a = document.activeElement;
    return a && a.closest('#board svg') ? a.dataset.act || '' : null;
  });
  let act = null;
  for (let i = 0; i < 250 && act !== 'select'; i++) {
    await page.keyboard.press('Tab');
    act = await focusedAct();
  }
  assert.equal(act, 'select', `${game}: Tab reaches a piece to pick`);
  // The arrow keys go from piece to piece.
  const first = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
  let moved = false;
  for (const key of ['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown']) {
    await page.keyboard.press(key);
    const now = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
    assert.ok((await focusedAct()) !== null, `${game}: ${key} keeps the focus on the board`);
    if (now !== first) {
      moved = true;
      break;
    }
  }
  assert.ok(moved, `${game}: an arrow key moves to another piece`);
  await page.keyboard.press('Enter');
  await page.waitForSelector('#board svg .selected');
  // The piece stays focused; the arrow keys go on to one of its lit targets.
  act = await focusedAct();
  for (const key of ['ArrowUp', 'ArrowDown', 'ArrowRight', 'ArrowLeft']) {
    if (act === 'target') break;
    await page.keyboard.press(key);
    act = await focusedAct();
  }
  assert.equal(act, 'target', `${game}: the arrow keys reach a lit target`);
  await page.keyboard.press('Space');
  await waitPly(page, at + 1);
}
