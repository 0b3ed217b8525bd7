"""Every engine answers every line with exactly one line of valid JSON and keeps reading:
arbitrary bytes, arbitrary JSON, requests with the right keys and wrong values (hypothesis),
and the lines a hostile probe sent (issue 16)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.awele.cli import ENGINE as AWELE
from games.awele.cli import ENGINE_FLAGS as AWELE_FLAGS
from games.engine import MAX_LINE, EngineSpec, serve
from games.engine_cli import NO_FLAGS, OwnFlags, engine_args
from games.juniper.cli import ENGINE as JUNIPER
from games.juniper.cli import ENGINE_FLAGS as JUNIPER_FLAGS
from games.lewthwaite.cli import ENGINE as LEWTHWAITE
from games.lightning.cli import ENGINE as LIGHTNING

ROOT = Path(__file__).resolve().parent.parent
#: Hypothesis examples per engine (``ENGINE_FUZZ_EXAMPLES=3000`` for a long run).
EXAMPLES = int(os.environ.get("ENGINE_FUZZ_EXAMPLES", "120"))
#: Any: each engine has its own state, move and options types (as in games.engine's own
#: signatures); each with the flags of its own its command reads.
ENGINES: dict[str, tuple[EngineSpec[Any, Any, Any], OwnFlags[Any]]] = {
    "awele": (AWELE, AWELE_FLAGS), "juniper": (JUNIPER, JUNIPER_FLAGS), "lewthwaite": (LEWTHWAITE, NO_FLAGS),
    "lightning": (LIGHTNING, NO_FLAGS),
}
#: The keys each engine reads, so that generated requests reach the game's own checks.
KEYS = {
    "awele": ["pits", "scores", "player", "state"],
    "juniper": ["n", "played", "state"],
    "lewthwaite": ["state"],
    "lightning": ["state", "hand"],
}
#: A position of each game in its text form, to mutate.
STATES = {
    "awele": "4 4 4 4 4 4 4 4 4 4 4 4 / 0 0 / 1",
    "juniper": "N=20: 14 7",
    "lewthwaite": "5x5 h2,2: 2,1",
    "lightning": "size=2x2 player=1 first=1 turn=1 pool=I30,D30,L30,Z30,S30 reserve=I0,D0,L0,Z0,S0 hand=- "
    "seed=5 drawn=0 board=../../../..",
}


def answers(engine: tuple[EngineSpec[Any, Any, Any], OwnFlags[Any]], lines: list[bytes]) -> list[dict]:
    """Feed ``lines`` to the engine (random level, tiny budget) and read its answers back,
    checking that the output is UTF-8 with one JSON object per non-blank line."""
    out = io.StringIO()
    spec, flags = engine
    options = engine_args(spec, flags, level="random", movetime=0.01, seed=1)
    assert serve(spec, options, io.BytesIO(b"\n".join(lines) + b"\n"), out) == 0
    text = out.getvalue()
    text.encode("utf-8")  # strict: no lone surrogate ever comes out
    replies = [json.loads(line) for line in text.splitlines()]
    expected = sum(1 for line in lines if line.strip())
    assert len(replies) == expected, (lines, replies)
    for reply in replies:
        assert isinstance(reply, dict) and (("move" in reply) != ("error" in reply)), reply
        if "error" in reply:
            assert isinstance(reply["error"], str) and "\n" not in reply["error"]
            assert "Traceback" not in reply["error"] and "internal error" not in reply["error"], reply
    return replies


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**40), 10**40) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda children: st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=20,
)


def requests(game: str) -> st.SearchStrategy[bytes]:
    """Objects with the game's keys and values of every kind, sometimes near-valid ones."""
    near = st.sampled_from([STATES[game], STATES[game].replace("1", "-5"), STATES[game] + " x",
                            STATES[game].replace("4", "960"), STATES[game].replace("Z30", "Z99999")])
    # texts made of the position's own characters reach deep into each game's parser
    alphabet = "".join(sorted(set(STATES[game]) | set("0123456789-=,:/. ")))
    mangled = st.text(alphabet=alphabet, max_size=90) | st.builds(
        lambda cut, extra: STATES[game][:cut] + extra, st.integers(0, len(STATES[game])),
        st.text(alphabet=alphabet, max_size=12))
    value = json_values | near | mangled | st.lists(st.integers(-3, 80), max_size=13)
    request = st.dictionaries(st.sampled_from(KEYS[game]), value, max_size=4)
    return request.map(lambda r: json.dumps(r).encode())


def lines(game: str) -> st.SearchStrategy[list[bytes]]:
    raw = st.binary(max_size=60).map(lambda b: b.replace(b"\n", b" "))
    any_json = json_values.map(lambda v: json.dumps(v).encode())
    return st.lists(st.one_of(raw, any_json, requests(game)), min_size=1, max_size=5)


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_engine_fuzz(game: str) -> None:
    spec = ENGINES[game]

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(lines(game))
    def check(batch: list[bytes]) -> None:
        answers(spec, batch)

    check()


HOSTILE = [
    b'{"state": "\xff\xfe"}',  # not UTF-8
    b"[" * 60_000,  # nested too deep, under the line limit
    b"[" * (MAX_LINE + 10),  # over the line limit
    b'{"state": "\\ud800"}',  # a lone surrogate
    b'{"n": ' + b"9" * 5000 + b"}",  # a number of 5000 digits
    b'{"state": "x", "hand": []}',
    b'{"state": NaN}',
    b"   ",
    b"\x00\x01",
]


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_engines_survive_the_hostile_lines_and_answer_the_next_one(game: str) -> None:
    good = json.dumps({"state": STATES[game]}).encode()
    replies = answers(ENGINES[game], HOSTILE + [good])
    assert all("error" in r for r in replies[:-1])
    assert "move" in replies[-1]


@pytest.mark.parametrize(
    ("game", "request_", "field"),
    [
        ("awele", {"pits": [960] + [0] * 11, "scores": [0, 0], "player": 1}, "pits"),
        ("awele", {"pits": [4] * 12, "scores": [-1, 0], "player": 1}, "scores"),
        ("awele", {"pits": [4] * 12, "scores": [0, 0], "player": 3}, "player"),
        ("awele", {"pits": [40, 40] + [0] * 10, "scores": [0, 0], "player": 1}, "seeds in play"),
        ("juniper", {"n": 5000}, "n"),
        ("juniper", {"n": 20, "played": [14, 99]}, "played"),
        ("juniper", {"n": 20, "played": [14, 3]}, "played"),
        ("lightning", {"state": STATES["lightning"].replace("drawn=0", "drawn=-5")}, "drawn"),
        ("lightning", {"state": STATES["lightning"].replace("Z30", "Z5000")}, "pool"),
        ("lightning", {"state": STATES["lightning"], "hand": []}, "hand"),
        ("lightning", {"state": STATES["lightning"].replace("size=2x2", "size=100x100")}, "size"),
        ("lightning", {"state": STATES["lightning"].replace("reserve=I0", "reserve=I0").replace("hand=-", "hand=Q")},
         "hand"),
        ("lewthwaite", {"state": "99x99 h2,2:"}, "rows"),
    ],
)
def test_impossible_positions_get_an_error_naming_the_field(game: str, request_: dict, field: str) -> None:
    (reply,) = answers(ENGINES[game], [json.dumps(request_).encode()])
    assert field in reply["error"] and "." not in reply["error"].split(" ")[0], reply


def test_lightning_refuses_huge_boards_at_once() -> None:
    row = "." * 200
    board = "/".join([row] * 200)
    text = STATES["lightning"].replace("size=2x2 ", "").replace("board=../../../..", f"board={board}")
    (reply,) = answers(ENGINES["lightning"], [json.dumps({"state": text}).encode()])
    assert "board" in reply["error"]


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_engine_process_reads_bytes_and_writes_utf8(game: str) -> None:
    good = json.dumps({"state": STATES[game]}).encode()
    result = subprocess.run(
        [sys.executable, "main.py", "engine", game, "--level", "random", "--movetime", "0.05"],
        input=b'{"state": "\xff"}\n' + b'{"state": "\\udfff"}\n' + good + b"\n",
        cwd=ROOT, capture_output=True, timeout=120,
    )
    assert result.returncode == 0 and not result.stderr
    replies = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    assert len(replies) == 3 and "error" in replies[0] and "error" in replies[1] and "move" in replies[2]
