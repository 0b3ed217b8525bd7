"""The LED board under the physical game board, driven over a serial link.

The kiosk speaks the protocols that off-the-shelf LED firmware understands (Adalight, TPM2:
WLED on an ESP32, or the small Arduino sketch in ``hardware/firmware``). Scenes never import
this package: they publish :class:`games.effects.BoardLights` and :class:`hardware.system.LedSystem`
turns them into frames on a background thread.
"""
