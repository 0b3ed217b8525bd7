"""Lightning's commands: ``play``, ``tournament`` and ``engine`` (no pygame unless playing)."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from clikit import Commands
from games.cliutil import int_in_range, positive_float, print_json, progress
from kiosk.options import add_display_args

LEVEL_CHOICES = ("random", "builder", "strong")


def run_play(args: argparse.Namespace) -> int:
    """``play lightning``: the game on screen."""
    from games.lightning.scene import LightningScene
    from kiosk.runner import run_app

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


def engine_reply(line: str, player: Any, rng: random.Random, budget: float | None) -> dict[str, Any]:
    """Answer one engine request ``{"state": TEXT, "hand": "Z"?}`` with ``{"move": TEXT}``."""
    from games.core import GameInputError
    from games.lightning.rules import from_text
    from games.lightning.tiles import DESIGNS

    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"not JSON: {exc.msg}"}
    if not isinstance(request, dict) or not isinstance(request.get("state"), str):
        return {"error": 'send an object like {"state": "<position text>", "hand": "Z"}'}
    try:
        state = from_text(request["state"])
    except GameInputError as exc:
        return {"error": str(exc)}
    hand = request.get("hand")
    if hand is not None:
        if hand not in DESIGNS:
            return {"error": f"hand must be one of {', '.join(DESIGNS)}, not {hand!r}"}
        if state.hand is not None and state.hand != hand:
            return {"error": f"the position already has {state.hand} in hand, not {hand}"}
        if state.hand is None:
            if not state.pool_counts()[hand]:
                return {"error": f"no {hand} tile is left in the pool"}
            state = state.with_draw(hand)
    if state.is_terminal():
        return {"error": "the game is over in this position"}
    move = player.choose(state, rng, budget)
    return {"move": state.move_to_text(move), "player": state.current_player}


def run_engine(args: argparse.Namespace) -> int:
    """``engine lightning``: one JSON request per line on stdin, one JSON answer per line."""
    from games.lightning.ai import make_player

    player = make_player(args.level)
    rng = random.Random(args.seed)
    for line in sys.stdin:
        if not line.strip():
            continue
        print_json(engine_reply(line, player, rng, args.time))
    return 0


def _level(text: str) -> str:
    if text not in LEVEL_CHOICES:
        raise argparse.ArgumentTypeError(f"'{text}' is not a level (choose from {', '.join(LEVEL_CHOICES)})")
    return text


def register(commands: Commands) -> None:
    """Add ``play lightning``, ``tournament lightning`` and ``engine lightning``."""
    play = commands.game_verb("play", "lightning",
                              "Lightning: build a lightning bolt of tiles across your half")
    add_display_args(play)
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
    tour.add_argument("--seed", type=int, default=0, help="seed (the same seed replays the same games)")
    tour.add_argument("--time", type=positive_float, default=None, help="thinking budget per move in seconds")
    tour.add_argument("--json", action="store_true", help="print one JSON object")
    tour.set_defaults(handler=run_tournament)

    engine = commands.game_verb("engine", "lightning",
                                'JSON lines: {"state": TEXT, "hand": "Z"} -> {"move": TEXT}')
    engine.add_argument("--level", type=_level, default="strong", help="random, builder or strong")
    engine.add_argument("--seed", type=int, default=0, help="seed for the player's random choices")
    engine.add_argument("--time", type=positive_float, default=None,
                        help="thinking budget per move in seconds")
    engine.set_defaults(handler=run_engine)

