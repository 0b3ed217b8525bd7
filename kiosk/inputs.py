"""Which input events mean that a visitor is at the stand (the idle timers and attract mode use
this one definition)."""

from __future__ import annotations

import pygame

#: Inputs that prove somebody is there (a finger, a key, a button, a pad pushed).
PRESENCE_EVENTS = (
    pygame.MOUSEBUTTONDOWN,
    pygame.FINGERDOWN,
    pygame.KEYDOWN,
    pygame.JOYBUTTONDOWN,
    pygame.JOYHATMOTION,
    pygame.CONTROLLERBUTTONDOWN,
)
#: How far a stick must be pushed to count.
STICK_PUSH = 0.6


def is_presence(event: pygame.event.Event) -> bool:
    """True for an input that proves a visitor is there (a pad or stick only when pushed)."""
    if event.type in PRESENCE_EVENTS:
        return not (event.type == pygame.JOYHATMOTION and event.value == (0, 0))
    return event.type == pygame.JOYAXISMOTION and abs(event.value) > STICK_PUSH
