"""Drive the kiosk headless in tests: post taps and keys, run frames, read scene state."""

from __future__ import annotations

from typing import Any

import pygame
from hypothesis import strategies as st

from games.effects import Message
from kiosk.app import App, AppOptions
from kiosk.game_scene import GameScene
from kiosk.menu import MenuScene
from kiosk.physical import PhysicalMode


class RecordingApp(App):
    """A headless app that keeps every effect published (``published``, oldest first)."""

    def __init__(self, options: AppOptions) -> None:
        super().__init__(options)
        self.published: list[Message] = []
        self.effects.subscribe(self.published.append)


def make_app(lang: str = "fr", seed: int = 1) -> RecordingApp:
    """A headless app with a fixed seed and a recorder of every published effect."""
    app = RecordingApp(AppOptions(frames=1, lang=lang, seed=seed, mute=True))
    app.home_factory = MenuScene
    return app


def table_of(scene: GameScene) -> PhysicalMode[Any, Any]:
    """The physical-board mode ``scene`` is played in (it must be in one)."""
    mode = scene.table
    assert isinstance(mode, PhysicalMode), "the scene is not played on a real board"
    return mode


def run_frames(app: App, frames: int) -> None:
    """Advance ``frames`` frames of 1/60 s."""
    for _ in range(frames):
        app.tick()


def tap(app: App, pos: tuple[float, float], frames: int = 2) -> None:
    """A finger tap (SDL turns touches into these mouse events) at a logical canvas position
    (posted in window pixels, as SDL would, so the app's mapping is exercised too)."""
    pos = app.screen.to_native((pos[0], pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run_frames(app, frames)


def press(app: App, key: int, frames: int = 2) -> None:
    """A key press."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    run_frames(app, frames)


# --- random visitors (hypothesis) ---------------------------------------------------------------

#: A gesture: ("tap", x, y), ("key", key, 0) or ("wait", frames, 0).
Gesture = tuple[str, int, int]


def gestures(keys: list[int], longest_wait: int = 40, top: int = 0) -> st.SearchStrategy[Gesture]:
    """What a random visitor does: a tap anywhere on the logical canvas (below ``top``), one of
    ``keys``, or a wait of up to ``longest_wait`` frames."""
    return st.one_of(
        st.tuples(st.just("tap"), st.integers(0, 1279), st.integers(top, 719)),
        st.tuples(st.just("key"), st.sampled_from(keys), st.just(0)),
        st.tuples(st.just("wait"), st.integers(1, longest_wait), st.just(0)),
    )


def perform(app: App, gesture: Gesture, frames: int = 2) -> None:
    """Do ``gesture`` (from :func:`gestures`), then run ``frames`` frames (a wait its own)."""
    kind, a, b = gesture
    if kind == "tap":
        tap(app, (a, b), frames)
    elif kind == "key":
        press(app, a, frames)
    elif kind == "wait":
        run_frames(app, a)
    else:
        raise ValueError(f"not a gesture: {gesture}")
