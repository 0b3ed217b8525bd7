"""One JSON-lines engine for every game: ``python main.py engine GAME [--level L] [--movetime T]
[--seed S]`` (no pygame).

Each request is one line of JSON on stdin; each gets exactly one line of JSON on stdout. Every
game answers ``{"state": TEXT}`` (its ``to_text`` form) with ``{"move": TEXT}`` (its
``move_to_text`` form); a game may also read its own request format (Awélé's ``{"pits": ...}``,
Juniper Green's ``{"n": 20, "played": [...]}``, Lightning's ``"hand"``) through an
:class:`EngineSpec` hook. Anything wrong in a line (not UTF-8, not JSON, a number too long, a
structure too deep, a field out of range, an impossible position, a finished game) is answered
with ``{"error": "..."}`` naming the field, and the engine reads on; blank lines are skipped.
Lines are read at most :data:`MAX_LINE` characters at a time, so no input can exhaust memory.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TextIO, TypeVar

from games.cliutil import Commands, movetime_seconds, seed_value
from games.contract import Game
from games.core import GameInputError, GameState, IllegalMoveError, Player
from games.registry import spec as game_spec

#: Longest request line read, in characters (a Lightning position is about 500).
MAX_LINE = 65_536
# Any: a parsed JSON object, checked field by field (whole_number, whole_numbers...).
Request = dict[str, Any]
# Any: a state of any move type (an engine says which with its own M).
S = TypeVar("S", bound=GameState[Any])
M = TypeVar("M")


class RequestError(ValueError):
    """A request the engine answers with ``{"error": message}``."""


@dataclass(frozen=True)
class EngineSpec(Generic[S, M]):
    """What is a game's own in its engine; its levels, players and text form come from the
    registry (:func:`games.registry.spec`).

    ``read_request(request, args)`` reads the game's own request format: the position, or None
    when the request is the generic ``{"state": TEXT}``; it raises :class:`RequestError`
    naming the field. ``answer(state, move)`` writes the answer to the game's own format
    (default: the move's text). ``add_options`` adds the game's extra engine options, and
    ``make_player(level, args)`` replaces the registry's when they matter to the player. The
    default level is the strongest."""

    game: str
    state_example: str
    read_request: Callable[[Request, argparse.Namespace], S | None] | None = None
    answer: Callable[[S, M], dict[str, object]] | None = None
    add_options: Callable[[argparse.ArgumentParser], None] | None = None
    make_player: Callable[[str, argparse.Namespace], Player[S, M]] | None = None
    default_seed: int | None = 0
    default_movetime: float | None = None
    help: str = ""

    @property
    def levels(self) -> tuple[str, ...]:
        """The game's computer levels, weakest first."""
        return game_spec(self.game).levels

    def player(self, level: str, args: argparse.Namespace) -> Player[S, M]:
        """The computer player of ``level`` for a session with options ``args``."""
        if self.make_player is not None:
            return self.make_player(level, args)
        return game_spec(self.game).make_player(level)

    def from_text(self, text: str) -> S:
        """The game's position from its text form."""
        state: S = game_spec(self.game).from_text(text)
        return state


def engine_for(game: Game[S, M]) -> EngineSpec[S, M]:
    """The generic engine of a game with no request format of its own: ``{"state": TEXT}``
    answered with ``{"move": TEXT}``."""
    example = game.new_state(random.Random(0)).to_text()
    return EngineSpec(game=game.key, state_example=example if len(example) <= 40 else "<position text>")


# --- reading one line ------------------------------------------------------------------------------


def _no_constant(name: str) -> Any:
    raise RequestError(f"{name} is not a JSON number")


def shown(value: Any, limit: int = 40) -> str:
    """A value quoted in an error message, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _check_text(request: Any) -> None:
    """Refuse lone UTF-16 surrogates (``"\\ud800"``) anywhere in the request: JSON lets them
    through, but they are not text and cannot be written back as UTF-8."""
    stack = [request]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if any(0xD800 <= ord(ch) <= 0xDFFF for ch in item):
                raise RequestError("the line holds a lone UTF-16 surrogate (like \\ud800), which is not text")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def parse_request(line: str | bytes) -> Request:
    """One request line as a JSON object, or :class:`RequestError` saying what is wrong."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError:
            raise RequestError("the line is not UTF-8 text") from None
    try:
        request = json.loads(line, parse_constant=_no_constant)
    except RecursionError:
        raise RequestError("the JSON is nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise RequestError(f"not JSON: {exc.msg} (column {exc.colno})") from None
    except ValueError as exc:
        if "digits" in str(exc):
            raise RequestError("a number has too many digits") from None
        raise RequestError(f"not JSON: {exc}") from None
    _check_text(request)
    if not isinstance(request, dict):
        raise RequestError("a request is a JSON object, like {\"state\": \"...\"}")
    return request


def whole_number(request: Request, field: str, lo: int, hi: int) -> int:
    """``request[field]``, a whole number in ``lo..hi``, or an error naming the field."""
    value = request[field]
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise RequestError(f"{field} must be a whole number {lo}..{hi}, not {shown(value)}")
    return value


def whole_numbers(request: Request, field: str, lo: int, hi: int, count: int | None = None,
                  most: int | None = None) -> list[int]:
    """``request[field]``: a list of whole numbers in ``lo..hi`` (exactly ``count`` of them, or
    at most ``most``), or an error naming the field."""
    value = request[field]
    size = f"{count} " if count is not None else ""
    if not isinstance(value, list) or (count is not None and len(value) != count) or (
        most is not None and len(value) > most
    ):
        extra = f" (at most {most})" if most is not None else ""
        raise RequestError(f"{field} must be a list of {size}whole numbers{extra}, not {shown(value)}")
    for item in value:
        if not isinstance(item, int) or isinstance(item, bool) or not lo <= item <= hi:
            raise RequestError(f"{field} holds whole numbers {lo}..{hi}, not {shown(item)}")
    return value


# --- answering -------------------------------------------------------------------------------------


def game_over(state: GameState[Any]) -> str:
    """Why a finished position cannot be answered, in words (never a translation key)."""
    outcome = state.outcome()
    if outcome is None or outcome.winner is None:
        return "the game is over in this position (a draw)"
    return f"the game is over in this position (player {outcome.winner} won)"


def answer(
    spec: EngineSpec[S, M], request: Request, player: Player[S, M], rng: random.Random, args: argparse.Namespace
) -> dict[str, object]:
    """The answer to one parsed request (raises :class:`RequestError`)."""
    state = spec.read_request(request, args) if spec.read_request is not None else None
    own = state is not None
    if state is None:
        text = request.get("state")
        if not isinstance(text, str):
            raise RequestError(f'send an object like {{"state": "{spec.state_example}"}}')
        try:
            state = spec.from_text(text)
        except (GameInputError, IllegalMoveError) as exc:
            raise RequestError(f"state: {exc}") from None
    if state.is_terminal():
        raise RequestError(game_over(state))
    move = player.choose(state, rng, args.movetime)
    if own and spec.answer is not None:
        return spec.answer(state, move)
    return {"move": state.move_to_text(move)}


def answer_line(spec: EngineSpec[S, M], line: str | bytes, player: Player[S, M], rng: random.Random,
                args: argparse.Namespace) -> dict[str, object]:
    """Exactly one answer for one line, whatever it holds."""
    try:
        return answer(spec, parse_request(line), player, rng, args)
    except RequestError as exc:
        return {"error": str(exc)}
    except (GameInputError, IllegalMoveError) as exc:
        return {"error": str(exc)}
    except Exception as exc:  # noqa: BLE001 - one bad line must never stop the engine
        return {"error": f"internal error: {type(exc).__name__}: {shown(str(exc), 200)}"}


def read_lines(stream: Any) -> Any:
    """The lines of ``stream`` (text or bytes), each cut at :data:`MAX_LINE` characters: a
    longer line yields ``None`` once, its rest being skipped."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n" if isinstance(line, bytes) else "\n"):
            while line and not line.endswith(b"\n" if isinstance(line, bytes) else "\n"):
                line = stream.readline(MAX_LINE)
            yield None
            continue
        yield line


def serve(spec: EngineSpec[Any, Any], args: argparse.Namespace, stdin: Any, stdout: TextIO) -> int:
    """Answer every non-blank line of ``stdin`` on ``stdout`` until end of input."""
    player = spec.player(args.level, args)
    rng = random.Random(args.seed)
    for line in read_lines(stdin):
        if line is None:
            reply: dict[str, object] = {"error": f"the line is longer than {MAX_LINE} characters"}
        elif not line.strip():
            continue
        else:
            reply = answer_line(spec, line, player, rng, args)
        try:
            stdout.write(json.dumps(reply, ensure_ascii=True) + "\n")
            stdout.flush()
        except BrokenPipeError:
            return 0
    return 0


def engine_args(spec: EngineSpec[Any, Any], argv: list[str] | None = None, **values: Any) -> argparse.Namespace:
    """The options of ``engine GAME`` with their defaults (for tests and programs), overridden
    by ``values``."""
    parser = argparse.ArgumentParser()
    add_engine_options(parser, spec)
    args = parser.parse_args(argv or [])
    for key, value in values.items():
        setattr(args, key, value)
    return args


def add_engine_options(parser: argparse.ArgumentParser, spec: EngineSpec[Any, Any]) -> None:
    """``--level``, ``--movetime`` (alias ``--time``), ``--seed`` and the game's own options."""
    strongest = spec.levels[-1]
    parser.add_argument("--level", choices=spec.levels, default=strongest,
                        help=f"computer level: {', '.join(spec.levels)} (default {strongest})")
    default = "the level's own" if spec.default_movetime is None else f"{spec.default_movetime:g}"
    parser.add_argument("--movetime", "--time", dest="movetime", type=movetime_seconds,
                        default=spec.default_movetime, metavar="T",
                        help=f"seconds per move, at most 60 (default {default})")
    parser.add_argument("--seed", type=seed_value, default=spec.default_seed,
                        help="seed of the players' random choices (0..2^32-1)")
    if spec.add_options is not None:
        spec.add_options(parser)


def register_engine(commands: Commands, spec: EngineSpec[Any, Any]) -> argparse.ArgumentParser:
    """Add ``python main.py engine GAME``."""
    parser = commands.game_verb("engine", spec.game, spec.help or f"{spec.game} JSON-lines engine on stdin/stdout")
    add_engine_options(parser, spec)

    def run(args: argparse.Namespace) -> int:
        stdout = sys.stdout
        # library: a replaced stdin may be text only
        return serve(spec, args, getattr(sys.stdin, "buffer", sys.stdin), stdout)

    parser.set_defaults(handler=run)
    return parser

