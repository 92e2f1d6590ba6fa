"""The WebSocket client against the real server: a person plays a whole match of each game against
the server's bots, the view kept by patches alone; the connection is dropped in the middle and
comes back by itself; the view it holds is the server's (a second connection's snapshot)."""

import asyncio
import random

import pytest

from plateau_client import PlateauError

GAMES = ["abalone", "groups-of-three", "pinuid", "trangouar", "triominos"]


async def play_to_the_end(room, connection, drop_at_ply):
    dropped = False
    while room.ended is None:
        await room.wait_for(lambda r: r.ended is not None or bool(r.legal), 60)
        if room.ended is not None:
            break
        if not dropped and room.view["ply"] >= drop_at_ply:
            dropped = True
            await connection.drop()
        try:
            await room.move(random.choice(room.legal))
        except PlateauError as e:
            if e.code not in ("stale_version", "not_your_turn"):
                raise
            await asyncio.sleep(0.02)  # the next patch tells


@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_match_over_the_websocket_resumed_after_a_drop(accounts, game):
    me, client = await accounts.guest()
    info = await client.request("POST", "/api/v1/rooms", json={"game": game, "players": 2, "visibility": "private"})
    connection = await client.connect()
    assert connection.player["id"] == me
    room = await connection.join(info["code"])
    assert room.info["status"] == "waiting"
    await room.start(bots=True, bot_level="random")
    await room.wait_for(lambda r: r.view is not None)
    assert room.seat is not None

    snapshots = []
    connection.on_frame(lambda frame: frame["type"] == "snapshot" and snapshots.append(frame["version"]))
    await asyncio.wait_for(play_to_the_end(room, connection, 6), 120)
    assert any(version > 1 for version in snapshots), "the connection came back and joined again"
    assert room.view["status"] == "finished"
    assert room.view["result"] == room.ended["result"]

    # What the patches built is what the server holds: a second connection's snapshot.
    other = await client.connect()
    fresh = await other.join(info["code"])
    await fresh.wait_for(lambda r: r.view is not None)
    assert room.view == fresh.view
    await other.close()
    await connection.close()


async def test_a_refused_join_raises_the_contracts_code(accounts):
    _, client = await accounts.guest()
    connection = await client.connect()
    with pytest.raises(PlateauError) as refused:
        await connection.join("ZZZZZZZZ")
    assert refused.value.code == "unknown_room"
    await connection.close()
