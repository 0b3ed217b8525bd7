"""Visible strings of the LED tools (the emulator window): key -> (French, English)."""

STRINGS: dict[str, tuple[str, str]] = {
    "hardware.emulator.title": ("Émulateur du plateau lumineux", "LED board emulator"),
    "hardware.emulator.port": ("Branche le kiosque sur {path}", "Connect the kiosk to {path}"),
    "hardware.emulator.waiting": ("En attente d'images…", "Waiting for frames…"),
    "hardware.emulator.status": ("{protocol} · {leds} LED · {frames} images · {fps} images/s",
                                 "{protocol} · {leds} LEDs · {frames} frames · {fps} frames/s"),
    "hardware.emulator.blank": ("WLED éteint la première image du mode temps réel · {frames} images",
                                "WLED blanks the first live frame · {frames} frames"),
    "hardware.emulator.effect": ("WLED montre son propre effet, hors du mode temps réel · {frames} images",
                                 "WLED shows its own effect, out of live mode · {frames} frames"),
}
