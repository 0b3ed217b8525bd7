"""Lightning's commands: ``play``, ``tournament`` and ``engine`` (no pygame unless playing)."""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from games.cliutil import Commands, int_in_range, movetime_seconds, print_json, progress, seed_value
from games.engine import EngineSpec, Request, RequestError, register_engine, shown

LEVEL_CHOICES = ("random", "builder", "strong")


def run_play(args: argparse.Namespace) -> int:
    """``play lightning``: the game on screen."""
    from games.lightning.scene import LightningScene
    from kiosk.app import run_app

    return run_app(args, lambda app: LightningScene(app, mode=args.mode, level=args.level))


def run_tournament(args: argparse.Namespace) -> int:
    """``tournament lightning``: two computer players, seats alternating, first player drawn."""
    from games.lightning.ai import make_player
    from games.lightning.rules import new_game

    rng = random.Random(args.seed)
    names = (args.a, args.b)
    wins = {args.a + " (a)": 0, args.b + " (b)": 0, "draw": 0}
    keys = (args.a + " (a)", args.b + " (b)")
    slowest, thinking, moves_timed, tiles = 0.0, 0.0, 0, 0
    for game in progress(range(args.games), args.games, "lightning", enabled=not args.json):
        state = new_game(random.Random(rng.getrandbits(32)))
        seat_of = {1: game % 2, 2: 1 - game % 2}  # index into names: a sits as player 1 in even games
        players = {p: make_player(names[seat_of[p]]) for p in (1, 2)}
        while not state.is_terminal():
            start = time.perf_counter()
            move = players[state.current_player].choose(state, rng, args.time)
            spent = time.perf_counter() - start
            slowest, thinking, moves_timed = max(slowest, spent), thinking + spent, moves_timed + 1
            state = state.play(move)
        outcome = state.outcome()
        assert outcome is not None
        tiles += state.placed
        wins["draw" if outcome.winner is None else keys[seat_of[outcome.winner]]] += 1
    result: dict[str, Any] = {
        "game": "lightning", "a": args.a, "b": args.b, "games": args.games, "seed": args.seed,
        "wins_a": wins[keys[0]], "wins_b": wins[keys[1]], "draws": wins["draw"],
        "score_a": round((wins[keys[0]] + 0.5 * wins["draw"]) / args.games, 3),
        "mean_tiles_placed": round(tiles / args.games, 1),
        "slowest_move_s": round(slowest, 3), "mean_move_s": round(thinking / max(1, moves_timed), 4),
    }
    if args.json:
        print_json(result)
    else:
        print(f"lightning: {args.a} (a) vs {args.b} (b), {args.games} games, seed {args.seed}")
        print(f"  {args.a} wins {result['wins_a']}, {args.b} wins {result['wins_b']}, draws {result['draws']}"
              f"  -> score of a {result['score_a']:.1%}")
        print(f"  tiles on the board at the end: {result['mean_tiles_placed']} on average; "
              f"slowest move {result['slowest_move_s']} s, mean {result['mean_move_s']} s")
    return 0


def read_request(request: Request, args: argparse.Namespace) -> Any:
    """Lightning's request ``{"state": TEXT, "hand": "Z"}``: ``hand`` (optional) draws that
    design from the pool for the position (without a tile in hand the answer says where to
    take one from)."""
    from games.core import GameInputError
    from games.lightning.rules import from_text
    from games.lightning.tiles import DESIGNS

    text = request.get("state")
    if not isinstance(text, str):
        raise RequestError('send an object like {"state": "<position text>", "hand": "Z"}')
    try:
        state = from_text(text)
    except GameInputError as exc:
        raise RequestError(f"state: {exc}") from None
    hand = request.get("hand")
    if hand is None:
        return state
    if not isinstance(hand, str) or hand not in DESIGNS:
        raise RequestError(f"hand must be one of {', '.join(DESIGNS)}, not {shown(hand)}")
    if state.hand is not None:
        if state.hand != hand:
            raise RequestError(f"hand: the position already has {state.hand} in hand, not {hand}")
        return state
    if state.is_terminal():
        return state
    if not state.pool_counts()[hand]:
        raise RequestError(f"hand: no {hand} tile is left in the pool")
    return state.with_draw(hand)


def _make_player(level: str, _args: argparse.Namespace) -> Any:
    from games.lightning.ai import make_player

    return make_player(level)


def _from_text(text: str) -> Any:
    from games.lightning.rules import from_text

    return from_text(text)


ENGINE = EngineSpec(
    game="lightning",
    levels=LEVEL_CHOICES,
    default_level="strong",
    make_player=_make_player,
    from_text=_from_text,
    state_example="<position text>",
    read_request=read_request,
    answer=lambda state, move: {"move": state.move_to_text(move), "player": state.current_player},
    help='JSON lines: {"state": TEXT, "hand": "Z"} -> {"move": TEXT}',
)


def _level(text: str) -> str:
    if text not in LEVEL_CHOICES:
        raise argparse.ArgumentTypeError(f"'{text}' is not a level (choose from {', '.join(LEVEL_CHOICES)})")
    return text


def register(commands: Commands) -> None:
    """Add ``play lightning``, ``tournament lightning`` and ``engine lightning``."""
    play = commands.game_verb("play", "lightning",
                              "Lightning: build a lightning bolt of tiles across your half", interactive=True)
    play.add_argument("--mode", choices=("computer", "hotseat"), default="computer",
                      help="against the computer (default) or two players on one screen")
    play.add_argument("--level", type=_level, default="builder",
                      help="computer level: random, builder (default, never blocks), strong")
    play.add_argument("--json", action="store_true", help="print the final scene summary as JSON")
    play.set_defaults(handler=run_play)

    tour = commands.game_verb("tournament", "lightning", "Lightning computer players against each other")
    tour.add_argument("--a", type=_level, required=True, help="first player: random, builder or strong")
    tour.add_argument("--b", type=_level, required=True, help="second player: random, builder or strong")
    tour.add_argument("--games", type=int_in_range(1, 100_000), default=20,
                      help="number of games (default 20)")
    tour.add_argument("--seed", type=seed_value, default=0, help="seed (the same seed replays the same games)")
    tour.add_argument("--time", type=movetime_seconds, default=None, help="thinking budget per move in seconds")
    tour.add_argument("--json", action="store_true", help="print one JSON object")
    tour.set_defaults(handler=run_tournament)

    register_engine(commands, ENGINE)

