"""A ``join`` answered "the room is moving to another server" (an ``error`` ``internal`` naming the
room, no ``id``: docs/protocol.md, "Several nodes") is sent again after a growing pause until the
``room`` frame answers it. One server node cannot be made to move a room at will, so a small
WebSocket server on loopback plays the part of the nodes: it refuses the first two joins so."""

import json
import time

from websockets.asyncio.server import serve

from plateau_client import PlateauClient, rejoin_pause_s


def test_the_pauses_grow_from_a_quarter_second_to_four_give_or_take_a_quarter():
    assert rejoin_pause_s(0, lambda: 0.5) == 0.25
    assert rejoin_pause_s(1, lambda: 0.5) == 0.5
    assert rejoin_pause_s(4, lambda: 0.5) == 4
    assert rejoin_pause_s(40, lambda: 0.5) == 4
    assert rejoin_pause_s(0, lambda: 0) == 0.1875
    assert rejoin_pause_s(0, lambda: 1) == 0.3125


async def test_a_join_refused_while_the_room_moves_is_tried_again_until_answered():
    joins = []

    async def node(socket):
        async for text in socket:
            frame = json.loads(text)
            if frame["type"] == "auth":
                await socket.send(json.dumps({"type": "welcome", "player": {"id": "p", "name": "P"}}))
            elif frame["type"] == "join":
                joins.append(time.monotonic())
                if len(joins) <= 2:
                    message = "the room is moving to another server; try again in a few seconds"
                    await socket.send(json.dumps({"type": "error", "id": None, "code": "internal",
                                                  "message": message, "room": frame["room"]}))
                else:
                    await socket.send(json.dumps({"type": "room", "room": {"code": frame["room"], "status": "waiting"}}))

    async with serve(node, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        client = PlateauClient(f"http://127.0.0.1:{port}", "t")
        connection = await client.connect()
        room = await connection.join("ABCDEFGH")
        assert room.info["status"] == "waiting"
        assert len(joins) == 3
        assert joins[1] - joins[0] >= 0.15, "a pause before the second try"
        assert joins[2] - joins[1] >= 0.35, "a longer one before the third"
        await connection.close()
        await client.aclose()
