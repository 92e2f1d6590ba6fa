"""The fuzzer's bearer tokens (tests/schemathesis/run.sh): each a real player made through the API.

The moderation routes (`/api/v1/mod/...`) are called as an admin, made the way an operator makes the
first one (`plateau admin grant`), so that they answer more than `403 forbidden`; every other route
as a guest. The fuzzer calls the routes that end a token or its player (`DELETE /api/v1/sessions`,
closing the account, a password change), so a 401 makes it take new players rather than go on
answered 401 everywhere. Each player has a name of its own: a guest the fuzzer gave a password
reserves its name, and a fixed name would then be refused (409) to every guest after it.
"""

import itertools
import os
import subprocess

import requests
import schemathesis

BASE_URL = os.environ["PLATEAU_CONTRACT_URL"]
DATABASE_URL = os.environ["PLATEAU_CONTRACT_DATABASE_URL"]
PLATEAU = os.environ["PLATEAU_CONTRACT_BINARY"]
_numbers = itertools.count(1)


def _new_guest():
    answer = requests.post(
        f"{BASE_URL}/api/v1/players",
        json={"name": f"contract {next(_numbers)}"},
        timeout=30,
    )
    answer.raise_for_status()
    return answer.json()


def _new_admin():
    guest = _new_guest()
    subprocess.run(
        [PLATEAU, "admin", "grant", guest["id"], "--database-url", DATABASE_URL],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return guest


def _role(case, context):
    return "admin" if context.operation.path.startswith("/api/v1/mod/") else "guest"


@schemathesis.auth(retry_on=[401], cache_by_key=_role)
class Player:
    def get(self, case, context):
        if _role(case, context) == "admin":
            return _new_admin()["token"]
        return _new_guest()["token"]

    def set(self, case, token, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {token}"
