//! Trangouar's secret setup in headless Chromium at a desktop and a phone size: the pearl colours
//! are explained, a setup the rules would refuse cannot be sent (and says why), and the draft made
//! by hand survives a refusal until the server has accepted it.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, createRoom, start, shot, clean } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Puts a cube on `at` with the given pearls, through the form. */
async function cube(page, at, [red, black, white]) {
  await page.click(`#board g.point[data-at="${at}"]`);
  for (const [c, n] of [['red', red], ['black', black], ['white', white]]) {
    await page.fill(`#pearl-${c}`, String(n));
    await page.press(`#pearl-${c}`, 'Tab');
  }
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`trangouar setup: checked before sending, kept until accepted (${size})`, async () => {
    const A = await newPlayer(browser, 'Olga', viewport);
    const code = await createRoom(A.page, 'trangouar', 2);
    const B = await newPlayer(browser, 'Piet', viewport);
    await B.page.goto(`${BASE}/r/${code}`);
    await B.page.waitForSelector('#seats li[data-seat="1"].me');
    await start(A.page);
    const p = B.page;
    await p.waitForSelector('#board [data-at="g9"][data-act="select"]');
    assert.match(await p.textContent('#pearl-legend'), /red: steps the cube moves.*black: coins it flips to attack.*white: coins it flips to defend/);

    // Two cubes, 3 + 18 pearls: not sendable, and the page says why.
    await cube(p, 'g9', [1, 1, 1]);
    await cube(p, 'i9', [3, 3, 3]);
    assert.equal(await p.textContent('#pearl-total'), '12/27');
    assert.ok(await p.isDisabled('#submit-setup'));
    const problems = await p.textContent('#setup-problems');
    assert.match(problems, /3 to 9 cubes/);
    assert.match(problems, /exactly 27 pearls/);
    // Four of one colour on a cube is refused by the rules (3 per colour): said too.
    await cube(p, 'i7', [4, 3, 2]);
    assert.match(await p.textContent('#setup-problems'), /more than 3 pearls of one colour/);
    await cube(p, 'i7', [3, 3, 3]);
    await cube(p, 'g9', [3, 3, 3]);
    assert.equal(await p.textContent('#pearl-total'), '27/27');
    assert.equal(await p.locator('#setup-problems').count(), 0);
    assert.ok(await p.isEnabled('#submit-setup'));
    await shot(p, `trangouar-setup-draft-${size}`);

    // The server refuses it (here: an answer injected for the move, as a refusal would come):
    // the hand-made draft is still there, ready to be sent again.
    await p.evaluate(() => {
      const conn = window.__plateau.conn;
      conn.realSend = conn.send;
      conn.send = (f) => (f.type === 'move' ? ((window.__held = f), true) : conn.realSend(f));
    });
    await p.click('#submit-setup');
    await p.waitForFunction(() => window.__held);
    await p.evaluate((code) => {
      const conn = window.__plateau.conn;
      conn.send = conn.realSend;
      conn.dispatch({ type: 'error', room: code, id: window.__held.id, code: 'illegal_move', message: 'not a legal setup' });
    }, code);
    await p.waitForSelector('#message:has-text("refused")');
    assert.equal(await p.locator('#board g.cube.draft').count(), 3, 'the draft is kept');
    assert.equal(await p.textContent('#pearl-total'), '27/27');
    await p.click('#submit-setup');
    await p.waitForSelector('#board-panel:has-text("Your setup is in")');
    await A.page.click('[data-example="0"]');
    await A.page.click('#submit-setup');
    await p.waitForFunction(() => window.__plateau.page.state.view?.state.phase === 'play');
    const cubes = await p.evaluate(() => window.__plateau.page.state.view.state.cubes.filter((c) => c.owner === 1).map((c) => c.at).sort());
    assert.deepEqual(cubes, ['g9', 'i7', 'i9']);
    await shot(p, `trangouar-play-${size}`);
    for (const x of [A, B]) {
      clean(x.page);
      await x.ctx.close();
    }
  });
}
