// The WebSocket client against the real server: a person plays a whole match of each game against
// the server's bots, the view kept by patches alone; the connection is dropped in the middle and
// comes back by itself; the view it holds is the server's (a second connection's snapshot).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PlateauError, type Room } from "plateau-client";
import { guest } from "./helpers.js";

const GAMES = ["abalone", "groups-of-three", "pinuid", "trangouar", "triominos"];

async function playToTheEnd(room: Room, dropAtPly: number, drop: () => void): Promise<void> {
  let dropped = false;
  while (!room.ended) {
    await room.waitFor((r) => r.ended !== null || r.legal.length > 0, 60_000);
    if (room.ended) break;
    if (!dropped && (room.view?.ply ?? 0) >= dropAtPly) {
      dropped = true;
      drop();
    }
    const legal = room.legal;
    try {
      await room.move(legal[Math.floor(Math.random() * legal.length)]);
    } catch (e) {
      if (!(e instanceof PlateauError && ["stale_version", "not_your_turn"].includes(e.code))) throw e;
      await new Promise((resolve) => setTimeout(resolve, 20)); // the next patch tells
    }
  }
}

for (const game of GAMES) {
  test(`${game}: a whole match over the WebSocket, resumed after a drop`, { timeout: 120_000 }, async () => {
    const me = await guest();
    const { data: info, error } = await me.client.api.POST("/api/v1/rooms", {
      body: { game, players: 2, visibility: "private" },
    });
    assert.ok(info, JSON.stringify(error));
    const connection = await me.client.connect();
    assert.equal(connection.player.id, me.id);
    const room = await connection.join(info.code);
    assert.equal(room.info?.status, "waiting");
    room.start({ bots: true, bot_level: "random" });
    await room.waitFor((r) => r.view !== null);
    assert.equal(room.seat !== null, true);

    let reconnected = false;
    connection.onFrame((frame) => {
      if (frame.type === "snapshot" && frame.version > 1) reconnected = true;
    });
    await playToTheEnd(room, 6, () => connection.drop());
    assert.ok(reconnected, "the connection came back and joined again");
    assert.equal(room.view?.status, "finished");
    assert.deepEqual(room.view?.result, room.ended?.result);

    // What the patches built is what the server holds: a second connection's snapshot.
    const other = await me.client.connect();
    const fresh = await other.join(info.code);
    await fresh.waitFor((r) => r.view !== null);
    assert.deepEqual(room.view, fresh.view);
    other.close();
    connection.close();
  });
}

test("a refused join rejects with the contract's code", async () => {
  const me = await guest();
  const connection = await me.client.connect();
  await assert.rejects(connection.join("ZZZZZZZZ"), (e) => e instanceof PlateauError && e.code === "unknown_room");
  connection.close();
});
