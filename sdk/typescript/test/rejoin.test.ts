// A `join` answered "the room is moving to another server" (an `error` `internal` naming the
// room, no `id`: docs/protocol.md, "Several nodes") is sent again after a growing pause until the
// `room` frame answers it. One server node cannot be made to move a room at will, so a small
// WebSocket server on loopback plays the part of the nodes: it refuses the first two joins so.
import { test } from "node:test";
import assert from "node:assert/strict";
import { WebSocketServer } from "ws";
import { PlateauClient, rejoinPauseMs } from "plateau-client";

test("the pauses grow from 250 ms to 4 s, give or take a quarter", () => {
  assert.equal(rejoinPauseMs(0, () => 0.5), 250);
  assert.equal(rejoinPauseMs(1, () => 0.5), 500);
  assert.equal(rejoinPauseMs(4, () => 0.5), 4000);
  assert.equal(rejoinPauseMs(40, () => 0.5), 4000);
  assert.equal(rejoinPauseMs(0, () => 0), 188);
  assert.equal(rejoinPauseMs(0, () => 1), 313);
});

test("a join refused while the room moves is tried again until it is answered", async () => {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  const joins: number[] = [];
  server.on("connection", (socket) => {
    socket.on("message", (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === "auth") {
        socket.send(JSON.stringify({ type: "welcome", player: { id: "p", name: "P" }, legal: "full", short_legal: [] }));
      } else if (frame.type === "join") {
        joins.push(Date.now());
        if (joins.length <= 2) {
          const message = "the room is moving to another server; try again in a few seconds";
          socket.send(JSON.stringify({ type: "error", id: null, code: "internal", message, room: frame.room }));
        } else {
          socket.send(JSON.stringify({ type: "room", room: { code: frame.room, status: "waiting", seats: [] } }));
        }
      }
    });
  });
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  const connection = await new PlateauClient({ url: `http://127.0.0.1:${port}`, token: "t" }).connect();
  const room = await connection.join("ABCDEFGH");
  assert.equal(room.info?.status, "waiting");
  assert.equal(joins.length, 3);
  assert.ok(joins[1] - joins[0] >= 150, "a pause before the second try");
  assert.ok(joins[2] - joins[1] >= 350, "a longer one before the third");
  connection.close();
  server.close();
});
