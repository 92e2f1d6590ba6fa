"""REST and the event stream: refusals carry the contract's code and details."""

import pytest

from plateau_client import PlateauError


async def test_a_token_without_the_scope_a_route_needs_is_refused_missing_scope(accounts):
    _, _, reader = await accounts.account("py-reader", ["read"])
    other, _, _ = await accounts.bot()
    with pytest.raises(PlateauError) as refused:
        await reader.challenge([other], "abalone")
    assert (refused.value.status, refused.value.code) == (403, "missing_scope")
    assert refused.value.detail["scope"] == "board:play"


async def test_a_challenge_is_heard_on_the_event_stream_and_declined(accounts):
    (a, _, challenger), (b, _, challenged) = [await accounts.bot() for _ in range(2)]
    made = await challenger.challenge([b], "pinuid")
    # Whether the stream opens before or after it, an open challenge is among its lines.
    async for event in challenged.events():
        if event["type"] == "challenge":
            assert event["challenge"]["id"] == made["id"]
            assert event["challenge"]["room"] == made["room"]
            assert event["challenge"]["challenger"]["id"] == a
            break
    await challenged.decline_challenge(made["id"], "not today")
    with pytest.raises(PlateauError) as refused:
        await challenged.accept_challenge(made["id"])
    assert refused.value.code == "conflict"
