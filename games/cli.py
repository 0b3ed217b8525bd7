"""The installed games' commands and screens, listed explicitly (no module path built from a
name): :func:`register` adds every game's commands to the command line, and
:func:`install_screens` registers the built-in games' screens (``main.py`` hands it to
:func:`kiosk.screens.use_catalog`, so pygame is imported only when a screen is needed).

A registered game without its own ``engine`` or ``tournament`` verb gets the generic ones, made
from its entry (:func:`games.engine.engine_for`, :func:`games.tournament.tournament_for`,
registered by :mod:`games.engine_cli` and :mod:`games.tournament_cli` with no flags of its own): a
game that lives outside ``games/`` answers ``engine KEY`` and plays ``tournament KEY`` with no
edit here.
"""

from __future__ import annotations

from games import registry
from games.awele import cli as awele_cli
from games.cliutil import Commands
from games.engine import engine_for
from games.engine_cli import NO_FLAGS, register_engine
from games.hexapawn import cli as hexapawn_cli
from games.juniper import cli as juniper_cli
from games.lewthwaite import cli as lewthwaite_cli
from games.lightning import cli as lightning_cli
from games.tournament import tournament_for
from games.tournament_cli import register_tournament

#: The built-in games' own commands, in the order ``--help`` lists them.
BUILT_IN = (awele_cli.register, juniper_cli.register, lewthwaite_cli.register, lightning_cli.register,
            hexapawn_cli.register)


def register(commands: Commands) -> None:
    """Every game's commands: the built-in games' own, then each registered game's extra
    commands, then the generic ``engine``/``tournament`` of every game without its own."""
    for add in BUILT_IN:
        add(commands)
    for game in registry.games():
        if game.commands is not None:
            game.commands(commands)
    for game in registry.games():
        if not commands.has_game_verb("engine", game.key):
            register_engine(commands, engine_for(game), NO_FLAGS)
        if not commands.has_game_verb("tournament", game.key):
            register_tournament(commands, tournament_for(game), NO_FLAGS)


def install_screens() -> None:
    """Register the built-in games' screens (imports their scene modules, and so pygame)."""
    from games.awele import corner as awele_corner
    from games.awele import scene as awele
    from games.awele import view as awele_view
    from games.hexapawn import corner as hexapawn_corner
    from games.hexapawn import scene as hexapawn
    from games.hexapawn.scene_parts import operator as hexapawn_operator
    from games.juniper import corner as juniper_corner
    from games.juniper import scene as juniper
    from games.lewthwaite import corner as lewthwaite_corner
    from games.lewthwaite import scene as lewthwaite
    from games.lightning import corner as lightning_corner
    from games.lightning import scene as lightning
    from games.lightning.scene_parts import pages as lightning_icon
    from kiosk.screens import GameScreens, IconParts, register_screens

    register_screens(GameScreens(
        "lewthwaite", lewthwaite.make_scene, lewthwaite.LewthwaiteScene, lewthwaite.draw_icon,
        lewthwaite.make_demo_scene, lewthwaite_corner.make_science_scene, physical=True,
        icon_parts=IconParts(lewthwaite.icon_still, lewthwaite.draw_icon_still, lewthwaite.draw_icon_live,
                             lewthwaite.icon_moving, lewthwaite.icon_live_box)))
    register_screens(GameScreens(
        "awele", awele.make_scene, awele.AweleScene, awele.draw_icon,
        awele.make_demo_scene, awele_corner.make_science_scene, physical=True,
        icon_parts=IconParts(awele_view.icon_still, awele_view.draw_icon_still, awele_view.draw_icon_live,
                             live_box=awele_view.icon_live_box)))
    register_screens(GameScreens(
        "juniper", juniper.make_scene, juniper.JuniperScene, juniper.draw_icon,
        juniper.make_demo_scene, juniper_corner.make_science_scene, physical=True,
        icon_parts=IconParts(juniper.icon_still, juniper.draw_icon_still, juniper.draw_icon_live,
                             live_box=juniper.icon_live_box)))
    register_screens(GameScreens(
        "lightning", lightning.make_scene, lightning.LightningScene, lightning.draw_icon,
        lightning.make_demo_scene, lightning_corner.make_science_scene, physical=True,
        icon_parts=IconParts(lightning_icon.icon_still, lightning_icon.draw_icon_still, lightning_icon.draw_icon_live,
                             lightning_icon.icon_lit)))
    register_screens(GameScreens(
        "hexapawn", hexapawn.make_scene, hexapawn.HexapawnScene, hexapawn.draw_icon,
        hexapawn.make_demo_scene, hexapawn_corner.make_science_scene, physical=True,
        operator_page=hexapawn_operator.make_operator_page,
        icon_parts=IconParts(hexapawn.icon_still, hexapawn.draw_icon, None)))
