//! The installable app and its notifications (issue 48, points 1 and 4): Chromium finds no
//! installability error (DevTools `Page.getInstallabilityErrors`: the manifest, its icons, the
//! service worker); a page opens with the network cut and says it is offline and reconnecting; the
//! account page offers "Notify me when it is my turn"; and a push the service worker receives is
//! shown as a notification with the payload's words, tag and page. At 1280×800 and 390×844.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE, SIZES, launch, launchPersistent, newPlayer, shot, clean } from './helpers.js';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

/** Waits till the service worker controls the page (the first load is not controlled: reload). */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
}

test('the manifest and its icons are served as the app needs them', async () => {
  const manifest = await fetch(`${BASE}/manifest.webmanifest`);
  assert.equal(manifest.headers.get('content-type'), 'application/manifest+json');
  const m = await manifest.json();
  assert.equal(m.display, 'standalone');
  assert.equal(m.start_url, '/');
  assert.ok(m.name && m.short_name && m.theme_color && m.background_color && m.lang);
  for (const size of ['192x192', '512x512']) {
    const icon = m.icons.find((i) => i.sizes === size);
    const res = await fetch(new URL(icon.src, BASE));
    assert.equal(res.headers.get('content-type'), 'image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The PNG's own width and height (IHDR), not only its name.
    const view = new DataView(bytes.buffer);
    assert.deepEqual([view.getUint32(16), view.getUint32(20)], size.split('x').map(Number));
  }
  const sw = await fetch(`${BASE}/sw.js`);
  assert.match(sw.headers.get('content-type'), /javascript/);
  assert.match(await sw.text(), /"\/js\/app\.js"/);
});

for (const [label, viewport] of Object.entries(SIZES)) {
  test(`installable, and the shell opens offline (${label})`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plateau-app-'));
    const ctx = await launchPersistent(dir, { viewport });
    try {
      const page = ctx.pages()[0] || await ctx.newPage();
      page.errors = [];
      page.foreign = [];
      page.on('pageerror', (e) => page.errors.push(String(e)));
      await page.goto(`${BASE}/`);
      await page.fill('#name', `Off${label.slice(0, 3)}`);
      await page.press('#name', 'Enter');
      await page.waitForSelector('#create-form');
      await controlled(page);
      const cdp = await ctx.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert.deepEqual(installabilityErrors, []);
      assert.equal(await page.$eval('link[rel="manifest"]', (l) => l.getAttribute('href')), '/manifest.webmanifest');

      await ctx.setOffline(true);
      await page.goto(`${BASE}/account`);
      await page.waitForSelector('header.top .brand');
      const banner = page.locator('#conn');
      await banner.waitFor({ state: 'visible' });
      // The socket's drop may say "Connection lost" first; the shell then finds it is offline.
      await page.waitForFunction(() => /offline.*Reconnecting/i.test(document.getElementById('conn').textContent), null, { timeout: 15000 })
        .catch(() => {});
      assert.match(await banner.textContent(), /offline.*Reconnecting/i);
      await shot(page, `offline-${label}`);
      await ctx.setOffline(false);
      await page.waitForFunction(() => document.getElementById('conn').hidden || !/offline/i.test(document.getElementById('conn').textContent));
      page.errors = page.errors.filter((e) => !/network|fetch/i.test(e));
      clean(page);
    } finally {
      await ctx.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('the account page offers turn notifications, and a push is shown', async () => {
  const { ctx, page } = await newPlayer(browser, 'Notified', SIZES.phone);
  await ctx.grantPermissions(['notifications'], { origin: new URL(BASE).origin });
  await controlled(page);
  await page.goto(`${BASE}/account`);
  const toggle = page.locator('#notify-turns');
  await toggle.waitFor();
  assert.match(await page.textContent('label[for="notify-turns"]'), /Notify me when it is my turn/);
  await shot(page, 'notify-toggle-phone');

  // A push as the server sends it, delivered to the service worker by DevTools: shown with its
  // words and its tag (a newer push about the room replaces it).
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const registrationId = await new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${new URL(BASE).origin}/`);
      if (mine) resolve(mine.registrationId);
    });
  });
  const payload = { title: 'Your move', body: 'Abalone, room ab12: it is your turn.', url: '/r/ab12', tag: 'ab12' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(BASE).origin, registrationId, data: JSON.stringify(payload) });
  let shown = null;
  for (let i = 0; i < 100 && !shown; i += 1) {
    shown = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      const n = (await reg.getNotifications())[0];
      return n ? { title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url } : null;
    });
    if (!shown) await new Promise((r) => setTimeout(r, 100));
  }
  assert.deepEqual(shown, { title: payload.title, body: payload.body, tag: 'ab12', url: '/r/ab12' });
  clean(page);
  await ctx.close();
});
