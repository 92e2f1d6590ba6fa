// A bot that accepts every challenge and plays each of its matches, of any game, with random
// legal moves: `view.you.legal` lists them, so it needs no rules. Run it with a personal access
// token of a bot account (scopes `read` and `bot:play`, see docs/bots.md):
//   PLATEAU_URL=http://127.0.0.1:8080 PLATEAU_TOKEN=... node dist/examples/random_bot.js
// PLATEAU_MATCHES=N makes it stop after N matches (the SDK's tests use it).
import { PlateauClient, PlateauError } from "plateau-client";

const client = new PlateauClient({
  url: process.env.PLATEAU_URL ?? "http://127.0.0.1:8080",
  token: process.env.PLATEAU_TOKEN,
});
const matches = Number(process.env.PLATEAU_MATCHES ?? Infinity);
const playing = new Set<string>();
let finished = 0;

/** Plays one match to its end: a random legal move whenever the view says it is ours to act. */
async function play(room: string): Promise<void> {
  for await (const line of client.matchStream(room)) {
    if (line.type === "ended") return console.log(`${room}: ended, ${JSON.stringify(line.result)}`);
    if (line.type === "error") throw new Error(`${room}: ${line.code}: ${line.message}`);
    if (line.type !== "full" && line.type !== "state") continue;
    const legal = line.view.you?.legal ?? [];
    if (legal.length === 0) continue;
    const move = legal[Math.floor(Math.random() * legal.length)];
    try {
      await client.move(room, move, line.version);
    } catch (e) {
      // Another seat moved first (a simultaneous phase) or time ran out: the next line tells.
      if (!(e instanceof PlateauError && ["stale_version", "not_your_turn"].includes(e.code))) throw e;
    }
  }
}

// The event stream lists what is under way, then tells of challenges and matches as they come;
// it is opened again if it ends (a stream that falls behind is closed).
while (finished < matches) {
  for await (const event of client.events()) {
    if (event.type === "challenge") {
      // Our own challenges are listed too: accepting one of them is a 404, ignored.
      await client.acceptChallenge(event.challenge.id).catch(() => {});
    } else if (event.type === "matchStart" && !playing.has(event.room)) {
      playing.add(event.room);
      play(event.room).then(
        () => ++finished >= matches && process.exit(0),
        (e) => { console.error(e); process.exit(1); },
      );
    }
  }
}
