//! Help for newcomers, in headless Chromium at a desktop and a phone size: a "How to play" page per
//! game (goal, turn, words, and a picture of the board drawn by the game's own board), linked from
//! the create form and the room; and a create form that speaks in words: a label and a description
//! for every option, no raw value, house rules folded under "More options", and player count and
//! variant kept consistent.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, createRoom, shot, clean } from './helpers.js';

const GAMES = ['abalone', 'triominos', 'pinuid', 'trangouar', 'groups-of-three'];
/** What no person should read: option names and raw values of the catalog. */
const RAW = /\b(null|undefined|others_minus_own|sum_of_differences|round_winner|highest_score|each_tied_scores|no_winner|per_colour|up_to|highest_corner|[a-z]+_[a-z_]+)\b/;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`every game has a How to play page with a picture of its board (${size})`, async () => {
    const A = await newPlayer(browser, 'Max', viewport);
    for (const game of GAMES) {
      await A.page.goto(`${BASE}/help/${game}`);
      await A.page.waitForSelector(`#help[data-game="${game}"] #help-board svg.board-svg`);
      // The picture shows a position: pieces, tiles or cubes on the board.
      await A.page.waitForFunction(() => document.querySelector('#help-board svg.board-svg').querySelectorAll('circle, polygon, path, rect').length >= 15);
      // Every piece in its colour (the grey of an unknown colour would mean a colour not found).
      const grey = await A.page.evaluate(() => [...document.querySelectorAll('#help-board circle.piece')].filter((c) => getComputedStyle(c).fill === 'rgb(136, 136, 136)').length);
      assert.equal(grey, 0, `${game}: no piece without its colour`);
      const text = await A.page.textContent('#help');
      assert.match(text, /Goal/);
      assert.match(text, /A turn/);
      assert.doesNotMatch(text, RAW, `${game}: no raw value`);
      const overflow = await A.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${game}: no sideways scrolling (${overflow}px)`);
      await shot(A.page, `help-${game}-${size}`);
    }
    clean(A.page);
    await A.ctx.close();
  });

  test(`the create form speaks in words and links to the help (${size})`, async () => {
    const A = await newPlayer(browser, 'Nia', viewport);
    const catalog = await A.page.evaluate(() => fetch('/api/v1/games').then((r) => r.json()));
    for (const game of GAMES) {
      await A.page.selectOption('#game', game);
      const href = await A.page.getAttribute('#create-help', 'href');
      assert.equal(href, `/help/${game}`);
      assert.ok((await A.page.textContent('#game-pitch')).length > 30, `${game}: a description`);
      // Every option has a label and a description; no option name or raw value shows.
      const opts = await A.page.$$eval('#options .opt', (rows) => rows.map((r) => ({
        name: r.querySelector('select, input').name,
        label: r.querySelector('label').textContent,
        help: r.querySelector('.help').textContent,
        values: [...r.querySelectorAll('option')].map((o) => o.textContent),
        pairs: [...r.querySelectorAll('option')].map((o) => [o.value, o.textContent]),
        more: !!r.closest('details'),
      })));
      for (const o of opts) {
        assert.ok(o.help.length > 10, `${game} ${o.label}: a description`);
        for (const t of [o.label, o.help, ...o.values]) assert.doesNotMatch(t, RAW, `${game}: "${t}"`);
        assert.doesNotMatch(o.help, /\b(true|false)\b|--|`/, `${game} ${o.label}: a description for people`);
        // Every value in words: never the raw value itself (atomic, opposite, classic…).
        for (const [value, text] of o.pairs) assert.notEqual(text, value, `${game} ${o.label}: "${value}" in words`);
        // The words are the catalog's own, which has words for every value (other clients get them too).
        const spec = catalog.find((g) => g.id === game).options[o.name];
        for (const [value, text] of o.pairs) assert.equal(text, spec.value_labels && spec.value_labels[value], `${game} ${o.label}: the catalog's words for "${value}"`);
      }
      const placeholder = await A.page.$$eval('#options input[type="number"]', (i) => i.map((x) => x.placeholder).join(' '));
      assert.doesNotMatch(placeholder, RAW);
      if (game === 'triominos') {
        assert.ok(opts.filter((o) => o.more).length >= 8, 'house rules folded');
        assert.equal(await A.page.getAttribute('#more-options', 'open'), null, 'folded by default');
        // "Create" is on the first screen.
        const box = await A.page.locator('#create').boundingBox();
        assert.ok(box.y + box.height <= viewport.height || size === 'phone', `Create is visible at ${size} (${box.y})`);
      }
      await shot(A.page, `create-${game}-${size}`);
    }
    // Player count and variant go together (Pinuid).
    await A.page.selectOption('#game', 'pinuid');
    await A.page.selectOption('#players', '4');
    assert.equal(await A.page.inputValue('#opt-variant'), 'quatro');
    await A.page.selectOption('#players', '2');
    assert.equal(await A.page.inputValue('#opt-variant'), 'classic');
    // The room links to the help of its game.
    await createRoom(A.page, 'trangouar', 2);
    assert.equal(await A.page.getAttribute('#help-link', 'href'), '/help/trangouar');
    clean(A.page);
    await A.ctx.close();
  });
}
