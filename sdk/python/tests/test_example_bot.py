"""The example bot (examples/random_bot.py) plays a whole match of every game against the real
server: three bot processes, challenged by the first of them through the SDK, each playing random
legal moves until the server ends the match."""

import asyncio
import os
import sys
from pathlib import Path

from conftest import URL

EXAMPLE = Path(__file__).parent.parent / "examples" / "random_bot.py"


async def run(token: str, matches: int) -> int:
    """Runs the example bot until it has played ``matches``; killed if the test is given up."""
    env = {**os.environ, "PLATEAU_URL": URL, "PLATEAU_TOKEN": token, "PLATEAU_MATCHES": str(matches)}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(EXAMPLE.parent.parent), env.get("PYTHONPATH")]))
    process = await asyncio.create_subprocess_exec(sys.executable, str(EXAMPLE), env=env)
    try:
        return await process.wait()
    finally:
        if process.returncode is None:
            process.kill()  # none left behind
            await process.wait()


async def test_the_example_bot_plays_a_whole_match_of_each_game(accounts):
    (a, a_token, challenger), (b, b_token, _), (c, c_token, _) = [await accounts.bot() for _ in range(3)]
    games = sorted(game["id"] for game in await challenger.games())
    assert games == ["abalone", "groups-of-three", "pinuid", "trangouar", "triominos"]
    # Pinuid is `classic` with 2 players and `quatro` with 3 or 4: one match of each.
    bots = [asyncio.ensure_future(run(token, n)) for token, n in
            [(a_token, len(games) + 1), (b_token, len(games) + 1), (c_token, 1)]]
    rooms = [(await challenger.challenge([b], game))["room"] for game in games]
    rooms.append((await challenger.challenge([b, c], "pinuid"))["room"])

    assert await asyncio.wait_for(asyncio.gather(*bots), 240) == [0, 0, 0], "every bot played its matches out"
    for code in rooms:
        room = await challenger.request("GET", f"/api/v1/rooms/{code}")
        assert room["status"] == "finished", f"room {code} ({room['game']}) finished"
        match = await challenger.request("GET", f"/api/v1/matches/{room['match']}")
        assert match["status"] == "finished"
        assert match["moves"], f"{room['game']}: moves were played"
