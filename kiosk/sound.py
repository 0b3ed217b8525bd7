"""Sounds synthesized in code with numpy (no audio files to license or lose).

The :class:`SoundSystem` subscribes to the effect bus and plays :class:`~games.effects.Sound`
messages; without an audio device it stays silent instead of failing.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pygame

from games.budget import MB, ByteCache
from games.effects import Message, Sound

RATE = 44100
#: Bytes of synthesized sounds kept (16-bit stereo: 176 kB a second).
SOUND_BUDGET = 8 * MB


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def _envelope(n: int, attack: float = 0.005, decay: float = 8.0) -> np.ndarray:
    t = np.arange(n) / RATE
    env = np.exp(-decay * t)
    a = max(1, int(RATE * attack))
    env[:a] *= np.linspace(0, 1, a)
    return env


def tone(freq: float, seconds: float, decay: float = 8.0, harmonics: tuple[float, ...] = (1.0, 0.3, 0.1)) -> np.ndarray:
    """A plucked, marimba-like note."""
    t = _t(seconds)
    wave = sum(a * np.sin(2 * np.pi * freq * (k + 1) * t) for k, a in enumerate(harmonics))
    return wave * _envelope(len(t), decay=decay)


def _noise(seconds: float, rng: np.random.Generator) -> np.ndarray:
    return rng.standard_normal(int(RATE * seconds))


def _lowpass(signal: np.ndarray, alpha: float) -> np.ndarray:
    # One-pole filter, written with cumulative ops would be unstable; a short loop over
    # blocks is plenty fast at build time (sounds are synthesized once).
    out = np.empty_like(signal)
    acc = 0.0
    for i, x in enumerate(signal):
        acc += alpha * (x - acc)
        out[i] = acc
    return out


def _concat(*parts: np.ndarray, gap: float = 0.0) -> np.ndarray:
    silence = np.zeros(int(RATE * gap))
    chunks: list[np.ndarray] = []
    for p in parts:
        chunks.extend((p, silence))
    return np.concatenate(chunks)


def _sweep(f0: float, f1: float, seconds: float, decay: float = 5.0) -> np.ndarray:
    t = _t(seconds)
    freq = np.linspace(f0, f1, len(t))
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    return np.sin(phase) * _envelope(len(t), 0.01, decay)


def _recipes() -> dict[str, Callable[[], np.ndarray]]:
    rng = np.random.default_rng(7)
    return {
        "click": lambda: tone(880, 0.08, decay=40) * 0.5,
        "select": lambda: tone(660, 0.12, decay=25) * 0.5,
        "slide": lambda: (
            _lowpass(_noise(0.22, rng), 0.08) * _envelope(int(RATE * 0.22), 0.03, 12) * 1.6
            + tone(330, 0.22, decay=14) * 0.25
        ),
        "seed": lambda: tone(1400, 0.05, decay=70, harmonics=(1.0, 0.5)) * 0.35,
        "capture": lambda: _concat(tone(784, 0.09, 30), tone(1046, 0.18, 14)) * 0.5,
        "error": lambda: _concat(tone(220, 0.12, 20), tone(196, 0.2, 14), gap=0.02) * 0.5,
        "hint": lambda: _concat(tone(988, 0.1, 25), tone(1318, 0.25, 10)) * 0.35,
        "win": lambda: _concat(*(tone(f, 0.16, 10) for f in (523, 659, 784)), tone(1046, 0.6, 5)) * 0.5,
        "blocked": lambda: _sweep(440, 180, 0.5, 4) * 0.4,
        "thunder": lambda: _lowpass(_noise(1.6, rng), 0.03) * _envelope(int(RATE * 1.6), 0.05, 2.2) * 3.0,
        "whoosh": lambda: _lowpass(_noise(0.35, rng), 0.15) * np.hanning(int(RATE * 0.35)) * 1.2,
    }


SOUND_NAMES = tuple(_recipes())


def synthesize(name: str) -> np.ndarray:
    """The mono float samples (-1..1) of sound ``name``."""
    samples = _recipes()[name]()
    peak = float(np.max(np.abs(samples))) or 1.0
    return np.clip(samples / max(peak, 1.0), -1.0, 1.0)


class SoundSystem:
    """Plays ``Sound`` messages through pygame's mixer; silent when there is no audio device."""

    def __init__(self, muted: bool = False) -> None:
        self.muted = muted
        #: The operator's volume (0..1), applied on top of each sound's own.
        self.volume = 1.0
        #: The visitors' choice on the menu: loud (1) or soft (0.4), on top of the operator's.
        self.level = 1.0
        self.available = False
        self.played: list[str] = []
        #: Synthesized sounds (a fixed set of names; a budget all the same, like every cache).
        self._cache = ByteCache("kiosk.sound", SOUND_BUDGET, sizer=lambda sound: round(sound.get_length() * RATE * 4))
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 2, 512)
            self.available = True
        except pygame.error:
            self.available = False

    def set_volume(self, volume: float) -> None:
        """The overall volume, 0 (silent) to 1."""
        self.volume = max(0.0, min(1.0, volume))

    def cycle_level(self) -> str:
        """The menu's speaker button: loud, soft, off, loud again; returns ``"loud"``,
        ``"soft"`` or ``"off"``."""
        if self.muted:
            self.muted, self.level = False, 1.0
        elif self.level >= 1.0:
            self.level = 0.4
        else:
            self.toggle_mute()
        return self.loudness

    @property
    def loudness(self) -> str:
        """``"loud"``, ``"soft"`` or ``"off"``."""
        return "off" if self.muted else "loud" if self.level >= 1.0 else "soft"

    def toggle_mute(self) -> bool:
        """Switch the sound on or off; returns the new ``muted`` value."""
        self.muted = not self.muted
        if self.muted and self.available:
            pygame.mixer.stop()
        return self.muted

    def _sound(self, name: str) -> pygame.mixer.Sound:
        sound: pygame.mixer.Sound | None = self._cache.get(name)
        if sound is None:
            freq, _size, channels = pygame.mixer.get_init() or (RATE, -16, 2)
            mono = (synthesize(name) * 32767 * 0.8).astype(np.int16)
            if freq != RATE:
                idx = np.linspace(0, len(mono) - 1, int(len(mono) * freq / RATE)).astype(int)
                mono = mono[idx]
            data = np.repeat(mono[:, None], channels, axis=1) if channels > 1 else mono
            sound = self._cache.put(name, pygame.sndarray.make_sound(np.ascontiguousarray(data)))
        return sound

    def __call__(self, message: Message) -> None:
        """Bus subscriber: play sound messages, ignore the rest."""
        if not isinstance(message, Sound):
            return
        self.played.append(message.name)
        del self.played[:-50]
        if self.muted or not self.available:
            return
        sound = self._sound(message.name)
        sound.set_volume(max(0.0, min(1.0, message.volume * self.volume * self.level)))
        sound.play()
