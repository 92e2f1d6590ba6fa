// The example bot (examples/random_bot.ts) plays a whole match of every game against the real
// server: three bot processes, challenged by the first of them through the SDK, each playing
// random legal moves until the server ends the match.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { bot, url } from "./helpers.js";

const example = fileURLToPath(new URL("../examples/random_bot.js", import.meta.url));

const children: ReturnType<typeof spawn>[] = [];

function run(token: string, matches: number): Promise<number | null> {
  const child = spawn(process.execPath, [example], {
    env: { ...process.env, PLATEAU_URL: url, PLATEAU_TOKEN: token, PLATEAU_MATCHES: String(matches) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

test("the example bot plays a whole match of each of the five games", { timeout: 240_000 }, async () => {
  const [a, b, c] = [await bot(), await bot(), await bot()];
  const games = (await a.client.games()).map((g) => g.id).sort();
  assert.deepEqual(games, ["abalone", "groups-of-three", "pinuid", "trangouar", "triominos"]);
  // Pinuid is `classic` with 2 players and `quatro` with 3 or 4: one match of each.
  const duels = games.length;
  const bots = [run(a.token, duels + 1), run(b.token, duels + 1), run(c.token, 1)];
  const rooms = [];
  try {
    for (const game of games) rooms.push((await a.client.challenge({ to: [b.id], game, players: 2 })).room);
    rooms.push((await a.client.challenge({ to: [b.id, c.id], game: "pinuid", players: 3 })).room);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((resolve) => (timer = setTimeout(resolve, 200_000, "still playing after 200 s")));
    const exits = await Promise.race([Promise.all(bots), late]);
    clearTimeout(timer);
    assert.deepEqual(exits, [0, 0, 0], "every bot process played its matches out");
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill(); // none left behind
  }
  for (const code of rooms) {
    const { data: room } = await a.client.api.GET("/api/v1/rooms/{code}", { params: { path: { code } } });
    assert.equal(room?.status, "finished", `room ${code} (${room?.game}) finished`);
    const { data: match } = await a.client.api.GET("/api/v1/matches/{id}", { params: { path: { id: room!.match! } } });
    assert.ok(match!.moves.length > 0, `${room?.game}: moves were played`);
    assert.equal(match!.status, "finished");
  }
});
