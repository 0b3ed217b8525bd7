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

This module reads no command line: ``engine GAME``'s options come as an :class:`EngineOptions`
record, built by the command (:mod:`games.engine_cli`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TextIO, TypeVar

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
#: A game's own engine options (a frozen dataclass of the game's, or None for a game without).
Own = TypeVar("Own")


class RequestError(ValueError):
    """A request the engine answers with ``{"error": message}``."""


@dataclass(frozen=True)
class EngineOptions(Generic[Own]):
    """What an engine session was asked for: the computer ``level``, seconds per move
    (``movetime``, None: the level's own), the players' ``seed`` (None: a fresh one) and the
    game's own options ``own`` (a record of the game's, None for a game without)."""

    level: str
    movetime: float | None
    seed: int | None
    own: Own


@dataclass(frozen=True)
class EngineSpec(Generic[S, M, Own]):
    """What is a game's own in its engine; its levels, players and text form come from the
    registry (:func:`games.registry.spec`).

    ``read_request(request, own)`` reads the game's own request format (``own``: the game's
    options record, :attr:`EngineOptions.own`): the position, or None when the request is the
    generic ``{"state": TEXT}``; it raises :class:`RequestError` naming the field.
    ``answer(state, move)`` writes the answer to the game's own format (default: the move's
    text). ``make_player(level, own)`` replaces the registry's when the game's options matter to
    the player. A game's own flags, and how they are read into ``own``, are its command's
    (:class:`games.engine_cli.OwnFlags`). The default level is the strongest."""

    game: str
    state_example: str
    read_request: Callable[[Request, Own], S | None] | None = None
    answer: Callable[[S, M], dict[str, object]] | None = None
    make_player: Callable[[str, Own], Player[S, M]] | None = None
    default_seed: int | None = 0
    default_movetime: float | None = None
    help: str = ""

    @property
    def levels(self) -> tuple[str, ...]:
        """The game's computer levels, weakest first."""
        return game_spec(self.game).levels

    def player(self, options: EngineOptions[Own]) -> Player[S, M]:
        """The computer player of a session asked for with ``options``."""
        if self.make_player is not None:
            return self.make_player(options.level, options.own)
        return game_spec(self.game).make_player(options.level)

    def from_text(self, text: str) -> S:
        """The game's position from its text form."""
        state: S = game_spec(self.game).from_text(text)
        return state


def engine_for(game: Game[S, M]) -> EngineSpec[S, M, None]:
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
    spec: EngineSpec[S, M, Own], request: Request, player: Player[S, M], rng: random.Random, options: EngineOptions[Own]
) -> dict[str, object]:
    """The answer to one parsed request (raises :class:`RequestError`)."""
    state = spec.read_request(request, options.own) if spec.read_request is not None else None
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
    move = player.choose(state, rng, options.movetime)
    if own and spec.answer is not None:
        return spec.answer(state, move)
    return {"move": state.move_to_text(move)}


def answer_line(spec: EngineSpec[S, M, Own], line: str | bytes, player: Player[S, M], rng: random.Random,
                options: EngineOptions[Own]) -> dict[str, object]:
    """Exactly one answer for one line, whatever it holds."""
    try:
        return answer(spec, parse_request(line), player, rng, options)
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


def serve(spec: EngineSpec[S, M, Own], options: EngineOptions[Own], stdin: Any, stdout: TextIO) -> int:
    """Answer every non-blank line of ``stdin`` on ``stdout`` until end of input."""
    player = spec.player(options)
    rng = random.Random(options.seed)
    for line in read_lines(stdin):
        if line is None:
            reply: dict[str, object] = {"error": f"the line is longer than {MAX_LINE} characters"}
        elif not line.strip():
            continue
        else:
            reply = answer_line(spec, line, player, rng, options)
        try:
            stdout.write(json.dumps(reply, ensure_ascii=True) + "\n")
            stdout.flush()
        except BrokenPipeError:
            return 0
    return 0
