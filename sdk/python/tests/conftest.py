"""What the tests share: the server under test (PLATEAU_URL, started by sdk/run.sh) and fresh
accounts on it."""

import itertools
import os

import pytest

from plateau_client import PlateauClient

URL = os.environ.get("PLATEAU_URL", "http://127.0.0.1:8080")
_names = itertools.count(1)


def unique_name(prefix: str) -> str:
    """A name no other test run takes (the database may be shared by several runs)."""
    return f"{prefix}-{os.getpid()}-{next(_names)}"[:32]


class Accounts:
    def __init__(self):
        self.clients: list[PlateauClient] = []

    def client(self, token=None) -> PlateauClient:
        client = PlateauClient(URL, token)
        self.clients.append(client)
        return client

    async def guest(self, prefix="py-guest"):
        made = await self.client().create_player(unique_name(prefix))
        return made["id"], self.client(made["token"])

    async def account(self, prefix, scopes):
        """An account with a password and a personal access token of these scopes."""
        id, session = await self.guest(prefix)
        await session.set_password("a long password for the sdk tests")
        token = (await session.create_token("sdk tests", scopes))["token"]
        return id, token, self.client(token)

    async def bot(self, prefix="py-bot"):
        """A bot account, with a token of ``read`` and ``bot:play``."""
        id, token, client = await self.account(prefix, ["read", "bot:play"])
        await client.upgrade_to_bot()
        return id, token, client


@pytest.fixture
async def accounts():
    made = Accounts()
    yield made
    for client in made.clients:
        await client.aclose()
