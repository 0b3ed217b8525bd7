"""Lewthwaite's commands: ``play``, ``solve``, ``stats``, ``puzzle``, ``tournament`` and ``engine``
(only ``play`` imports pygame)."""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING

from games.cliutil import CliError, Commands, int_in_range, parse_cell, print_json, say_how_long, seed_value
from games.core import GameInputError
from games.engine import EngineSpec
from games.engine_cli import NO_FLAGS, OwnFlags, register_engine
from games.lewthwaite.ai import DEFAULT_LEVEL, LEVELS
from games.lewthwaite.rules import MAX_PLAY_SIZE, MAX_SOLVER_SIZE, MIN_SIZE, Cell, LewthwaiteParams, LewthwaiteState
from games.physical import replayed_match
from games.physical_cli import add_physical_args, physical_options
from games.tournament import TournamentSpec
from games.tournament_cli import register_tournament

if TYPE_CHECKING:  # annotations only: computing commands must not import pygame
    from kiosk.app import App

PLAYER_CHOICES = ("human",) + LEVELS


def _board_args(parser: argparse.ArgumentParser, max_size: int) -> None:
    parser.add_argument("--rows", type=int_in_range(MIN_SIZE, max_size), default=5, help="rows (default 5)")
    parser.add_argument("--cols", type=int_in_range(MIN_SIZE, max_size), default=5, help="columns (default 5)")
    parser.add_argument(
        "--hole",
        default=None,
        metavar="R,C",
        help="start hole, 0-based row,col with 0,0 top-left (default: the centre cell)",
    )


def _params(args: argparse.Namespace, max_size: int) -> LewthwaiteParams:
    hole = parse_cell(args.hole, args.rows, args.cols) if args.hole else None
    try:
        return LewthwaiteParams(args.rows, args.cols, hole, max_size)
    except GameInputError as exc:
        raise CliError(str(exc)) from None


def run_play(args: argparse.Namespace) -> int:
    """Open the game on screen (on a real board under the camera with ``--physical``)."""
    params = _params(args, MAX_PLAY_SIZE)
    table = physical_options(args)
    physical = table.physical
    # On a real board the screen shows the snake by default: the tokens are on the table.
    view = args.view or ("snake" if physical else "tokens")
    replay = replayed_match(table, "lewthwaite")
    from games.lewthwaite.scene import LewthwaiteScene, new_match
    from kiosk.cli import app_options
    from kiosk.physical import attach_to_play
    from kiosk.runner import run_app

    def first(app: App) -> LewthwaiteScene:
        match = replay or new_match(app, params, args.red, args.blue, view, physical)
        match.meta["view"] = view
        if args.view:
            match.meta["view_chosen"] = True
        scene = LewthwaiteScene(app, match)
        scene.hint_on = args.hint
        return attach_to_play(scene, table)

    return run_app(app_options(args, game="lewthwaite", table=table, json=args.json), first)


def run_solve(args: argparse.Namespace) -> int:
    """Who wins with perfect play, and the domino pairing the winner follows."""
    from games.lewthwaite.solver import pairing_ascii, solve_board

    params = _params(args, MAX_SOLVER_SIZE)
    winner, pairing = solve_board(params.rows, params.cols, params.start_hole)
    if args.json:
        print_json({"winner": winner, "pairing": [[list(a), list(b)] for a, b in pairing]})
        return 0
    who = "the first player (red)" if winner == 1 else "the second player (blue)"
    hole = params.start_hole
    print(f"Lewthwaite {params.rows}x{params.cols}, hole at {hole[0]},{hole[1]}: {who} wins with perfect play.")
    if winner == 2:
        print("Blue answers every red move with the other half of its domino (the hole '.' has none):")
    else:
        print("Red first moves the token paired with the hole, then answers blue along the dominoes:")
    print(pairing_ascii(params.rows, params.cols, pairing, hole))
    return 0


def run_stats(args: argparse.Namespace) -> int:
    """First player's win probability and mean length when both play uniformly at random."""
    from games.lewthwaite.stats import MAX_EXACT_CELLS, exact_seconds, exact_stats, simulate_stats

    params = _params(args, MAX_PLAY_SIZE)
    cells = params.rows * params.cols
    if args.exact and cells > MAX_EXACT_CELLS:
        raise CliError(
            f"--exact enumerates every game: use it up to {MAX_EXACT_CELLS} cells (4x8, 5x6; 6x6 would take "
            "minutes and 4.5 GB); use --games K beyond"
        )
    if args.exact:
        say_how_long(exact_seconds(cells), f"exact statistics on {params.rows}x{params.cols}")
    else:
        # measured: about 3 million cells a second on the 2-core kiosk machine
        say_how_long(args.games * params.rows * params.cols / 3e6, f"{args.games} random games")
    started = time.perf_counter()
    result = exact_stats(params) if args.exact else simulate_stats(params, args.games, args.seed)
    seconds = time.perf_counter() - started
    if args.json:
        print_json({**result.as_dict(), "seconds": round(seconds, 3)})
        return 0
    method = "exactly, over every possible game" if args.exact else f"over {args.games} simulated games"
    print(f"Random play on {params.rows}x{params.cols} (hole {params.start_hole[0]},{params.start_hole[1]}), {method}:")
    print(f"  first player wins: {100 * result.p_first_wins:.2f} %")
    print(f"  mean game length:  {result.mean_length:.3f} moves")
    peak = max(result.length_histogram) or 1.0
    for k, p in enumerate(result.length_histogram):
        if p > 0:
            print(f"  {k:3d} moves {100 * p:6.2f} % {'#' * round(40 * p / peak)}")
    print(f"  ({seconds:.2f} s)")
    return 0


def run_puzzle(args: argparse.Namespace) -> int:
    """The article's puzzles: a board reached by random play and its answers."""
    from games.lewthwaite.maths import make_puzzle

    try:
        puzzle = make_puzzle(args.seed, args.moves)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print_json(puzzle.answers())
        return 0
    situation = (
        f"{puzzle.winner} has just won"
        if puzzle.finished
        else f"the game is going on and it is {puzzle.to_move}'s turn"
    )
    print(f"Lewthwaite puzzle, seed {puzzle.seed}: {situation}. R red, B blue, . the hole, ? a hand over a token.")
    for row in puzzle.puzzle_rows():
        print(f"  {row}")
    print("How many moves were played? Who started? Which tokens have moved? What colour is the hidden token?")
    print("Answers (no token ever moves twice: the moved tokens are those on the other colour's squares):")
    for row in puzzle.board_rows():
        print(f"  {row}")
    moved = " ".join(f"{r},{c}" for r, c in puzzle.moved_cells) or "none"
    hidden = puzzle.hidden
    print(f"  moves played: {puzzle.moves_played}")
    print(f"  first player: {puzzle.first_player}")
    print(f"  moved tokens: {moved}")
    print(f"  hidden token at {hidden[0]},{hidden[1]}: {puzzle.hidden_colour}")
    return 0


ENGINE: EngineSpec[LewthwaiteState, Cell, None] = EngineSpec(
    game="lewthwaite",
    state_example="5x5 h2,2: 2,1",
    help='JSON lines: {"state": "5x5 h2,2: 2,1"} -> {"move": "1,1"} (the token that slides, row,col)',
)


TOURNAMENT: TournamentSpec[LewthwaiteState, LewthwaiteParams] = TournamentSpec(
    game="lewthwaite",
    new_state=lambda _rng, params: params.new_initial_state(),
    help="Lewthwaite computer players against each other (random, greedy, perfect)",
)
#: ``--rows``, ``--cols`` and ``--hole``, read (and checked) into the board's :class:`LewthwaiteParams`.
TOURNAMENT_FLAGS = OwnFlags(add=lambda parser: _board_args(parser, MAX_PLAY_SIZE),
                            read=lambda args: _params(args, MAX_PLAY_SIZE))


def register(commands: Commands) -> None:
    """Add ``play``, ``solve``, ``stats``, ``puzzle``, ``tournament`` and ``engine`` for Lewthwaite."""
    play = commands.game_verb(
        "play", "lewthwaite", "Lewthwaite's game: slide your tokens into the hole", interactive=True
    )
    _board_args(play, MAX_PLAY_SIZE)
    play.add_argument("--view", choices=("tokens", "snake"), default=None,
                      help="token view or snake view (default: tokens, or snake with --physical)")
    play.add_argument("--hint", action="store_true", help="start with the hint shown")
    play.add_argument("--red", choices=PLAYER_CHOICES, default="human", help="who plays red (moves first)")
    play.add_argument("--blue", choices=PLAYER_CHOICES, default=DEFAULT_LEVEL,
                      help=f"who plays blue (default {DEFAULT_LEVEL}: a computer a child can beat)")
    play.add_argument("--json", action="store_true", help="print the final state as JSON (with --frames)")
    add_physical_args(play)
    play.set_defaults(handler=run_play)

    solve = commands.game_verb(
        "solve", "lewthwaite", "who wins Lewthwaite's game with perfect play (boards up to 40x40)"
    )
    _board_args(solve, MAX_SOLVER_SIZE)
    solve.add_argument("--json", action="store_true", help='print {"winner": 1|2, "pairing": [...]}')
    solve.set_defaults(handler=run_solve)

    stats = commands.game_verb("stats", "lewthwaite", "statistics of uniformly random play")
    _board_args(stats, MAX_PLAY_SIZE)
    how = stats.add_mutually_exclusive_group(required=True)
    how.add_argument("--exact", action="store_true", help="enumerate every game (boards up to 32 cells)")
    how.add_argument("--games", type=int_in_range(1, 10_000_000), metavar="K", help="simulate K games")
    stats.add_argument("--seed", type=seed_value, default=None, help="random seed for --games")
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.set_defaults(handler=run_stats)

    puzzle = commands.game_verb("puzzle", "lewthwaite", "the article's puzzles: a board reached by random play")
    puzzle.add_argument("--seed", type=seed_value, default=0, help="which puzzle (default 0)")
    puzzle.add_argument(
        "--moves", type=int_in_range(1, 24), default=None, metavar="K", help="stop after K moves (default: random)"
    )
    puzzle.add_argument("--json", action="store_true", help="print the board and the answers as one JSON object")
    puzzle.set_defaults(handler=run_puzzle)

    register_engine(commands, ENGINE, NO_FLAGS)
    register_tournament(commands, TOURNAMENT, TOURNAMENT_FLAGS)
