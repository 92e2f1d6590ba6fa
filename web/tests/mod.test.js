//! The moderators' page at 1280x800 and 390x844: a player reports another from a chat line; an
//! admin made from the command line (`plateau admin grant`, as an operator would) finds the report
//! with the room's lines kept with it, mutes the player and resolves the report in one go; the
//! audit log shows both; the muted player is told so when chatting; a plain player is kept out.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, SIZES, launch, newPlayer, createRoom, shot, clean, idOf, grantAdmin } from './helpers.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});


for (const [size, viewport] of Object.entries(SIZES)) {
  test(`a moderator acts on a report from the moderation page (${size})`, async () => {
    const A = await newPlayer(browser, `Rita${size}`, viewport);
    const code = await createRoom(A.page, 'abalone', 2);
    const B = await newPlayer(browser, `Spam${size}`, viewport);
    await B.page.goto(`${BASE}/r/${code}`);
    await B.page.waitForSelector('#seats li[data-seat="1"].me');
    await B.page.fill('#chat-text', 'buy cheap gold');
    await B.page.press('#chat-text', 'Enter');
    await A.page.waitForSelector('#chat-list li:has-text("buy cheap gold")');
    await A.page.click('#chat-list li:has-text("buy cheap gold") .report-button');
    await A.page.click('#report-send');
    await A.page.waitForSelector('#report-answer.ok');

    // A plain player is kept out of the page, and has no link to it.
    await A.page.goto(`${BASE}/mod`);
    await A.page.waitForSelector('#mod-refused');
    assert.match(await A.page.textContent('#mod-refused'), /Only moderators/);
    assert.equal(await A.page.locator('#mod-link').count(), 0);

    // An admin, made as an operator would; the header links to the page once the role is known.
    const M = await newPlayer(browser, `Mod${size}`, viewport);
    grantAdmin(await idOf(M.page));
    await M.page.reload();
    await M.page.click('#mod-link');
    const bId = await idOf(B.page);
    const item = `.mod-report:has(a[href="/p/${bId}"])`;
    await M.page.waitForSelector(item);
    await M.page.waitForFunction((sel) => !document.querySelector(sel).textContent.includes('…'), item);
    assert.match(await M.page.textContent(item), new RegExp(`Spam${size} reported by Rita${size} for chat`));
    assert.match(await M.page.textContent(`${item} .mod-context`), /buy cheap gold/, 'the room\'s lines are kept with the report');
    await shot(M.page, `mod-report-${size}`);
    // Mute and resolve at once, with a reason.
    await M.page.selectOption(`${item} select[name="action"]`, 'mute-1h');
    await M.page.fill(`${item} input[name="reason"]`, 'selling gold in chat');
    await M.page.click(`${item} button[type="submit"]`);
    await M.page.waitForSelector(item, { state: 'detached' });
    await M.page.waitForSelector('#mod-log-table tr[data-action="mute"]');
    await M.page.waitForFunction(() => !document.querySelector('#mod-log-table').textContent.includes('…'));
    const logged = await M.page.textContent('#mod-log-table tr[data-action="mute"]');
    assert.match(logged, new RegExp(`Mod${size}.*mute.*Spam${size}.*selling gold in chat`, 's'));
    assert.equal(await M.page.locator('#mod-log-table tr[data-action="resolve_report"]').count() > 0, true);
    await shot(M.page, `mod-log-${size}`);
    assert.equal(await M.page.evaluate(() => document.documentElement.scrollWidth), viewport.width, 'the page does not scroll sideways');

    // The muted player is told so, and the refused line reaches nobody. A mute reaches a player
    // who chatted in the last 5 s within 5 s (docs/protocol.md, Moderation): B tries until refused.
    let refused = null;
    for (let n = 1; n <= 12 && !refused; n++) {
      await B.page.fill('#chat-text', `more gold ${n}`);
      await B.page.press('#chat-text', 'Enter');
      await new Promise((r) => setTimeout(r, 700));
      if (await B.page.locator('#message:has-text("A moderator muted your chat until")').count()) refused = `more gold ${n}`;
    }
    assert.ok(refused, 'the mute reached the chatting player within its period');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await A.page.locator(`#chat-list li:has-text("${refused}")`).count(), 0);

    // The player's record: muted until when, the report and what became of it, the action.
    await M.page.goto(`${BASE}/mod?player=${bId}`);
    await M.page.waitForSelector('#mod-standing:has-text("Chat muted until")');
    await M.page.waitForSelector('#mod-player-reports li[data-status="resolved"]');
    assert.match(await M.page.textContent('#mod-player-reports'), /selling gold in chat/);
    await M.page.waitForSelector('#mod-player-log tr[data-action="mute"]');
    assert.match(await M.page.textContent('#mod-player-h'), new RegExp(`Spam${size}`));
    await shot(M.page, `mod-player-${size}`);
    for (const p of [A, B, M]) {
      clean(p.page);
      await p.ctx.close();
    }
  });
}
