// REST through the generated types: refusals carry the contract's code and details.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PlateauError } from "plateau-client";
import { account, bot } from "./helpers.js";

test("a token without the scope a route needs is refused missing_scope, naming it", async () => {
  const reader = await account("ts-reader", ["read"]);
  const other = await bot();
  await assert.rejects(
    reader.client.challenge({ to: [other.id], game: "abalone", players: 2 }),
    (e) => e instanceof PlateauError && e.status === 403 && e.code === "missing_scope" && e.detail.scope === "board:play",
  );
});

test("a challenge is heard on the event stream of the one challenged, and declined", async () => {
  const [a, b] = [await bot(), await bot()];
  const events = b.client.events();
  const { id, room } = await a.client.challenge({ to: [b.id], game: "pinuid", players: 2 });
  for await (const event of events) {
    if (event.type !== "challenge") continue;
    assert.equal(event.challenge.id, id);
    assert.equal(event.challenge.room, room);
    assert.equal(event.challenge.challenger.id, a.id);
    break;
  }
  await b.client.declineChallenge(id, "not today");
  await assert.rejects(b.client.acceptChallenge(id), (e) => e instanceof PlateauError && e.code === "conflict");
});
