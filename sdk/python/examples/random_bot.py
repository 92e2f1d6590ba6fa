"""Accepts every challenge and plays any game with random moves of ``view.you.legal`` (no rules).
PLATEAU_URL=http://127.0.0.1:8080 PLATEAU_TOKEN=<a bot's token: read, bot:play> python random_bot.py
PLATEAU_MATCHES=N: stop after N matches (the SDK's tests use it). See docs/bots.md."""

import asyncio
import json
import os
import random

from plateau_client import PlateauClient, PlateauError

client = PlateauClient(os.environ.get("PLATEAU_URL", "http://127.0.0.1:8080"), os.environ["PLATEAU_TOKEN"])


async def play(room: str) -> None:
    """Plays one match to its end: a random legal move whenever the view says it is ours to act."""
    async for line in client.match_stream(room):
        if line["type"] == "ended":
            return print(f"{room}: ended, {json.dumps(line['result'])}", flush=True)
        if line["type"] == "error":
            raise RuntimeError(f"{room}: {line['code']}: {line['message']}")
        legal = (line["view"].get("you") or {}).get("legal") if line["type"] in ("full", "state") else None
        if not legal:
            continue
        try:
            await client.move(room, random.choice(legal), line["version"])
        except PlateauError as e:
            # Another seat moved first (a simultaneous phase) or time ran out: the next line tells.
            if e.code not in ("stale_version", "not_your_turn"):
                raise


MATCHES = float(os.environ.get("PLATEAU_MATCHES", "inf"))
playing: dict[str, asyncio.Task] = {}


def finished(task: asyncio.Task) -> None:
    if task.exception() or sum(t.done() for t in playing.values()) >= MATCHES:
        print(f"failed: {task.exception()!r}" if task.exception() else "done", flush=True)
        os._exit(1 if task.exception() else 0)


async def main() -> None:
    # The event stream lists what is under way, then tells of challenges and matches as they come;
    # it is opened again if it ends (a stream that falls behind is closed).
    while True:
        async for event in client.events():
            if event["type"] == "challenge":
                # Our own challenges are listed too: accepting one of them is a 404, ignored.
                try:
                    await client.accept_challenge(event["challenge"]["id"])
                except PlateauError:
                    pass
            elif event["type"] == "matchStart" and event["room"] not in playing:
                playing[event["room"]] = asyncio.create_task(play(event["room"]))
                playing[event["room"]].add_done_callback(finished)


asyncio.run(main())
