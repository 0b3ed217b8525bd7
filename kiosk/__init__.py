"""The pygame shell: window, scene stack, tweens, widgets, sound, menu and shared scenes.

Only ``kiosk.app`` and the scene modules import pygame; ``kiosk.i18n`` and ``kiosk.options``
stay importable by compute-only commands.
"""
