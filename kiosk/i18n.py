"""One translation table for every visible string, French first, English second.

Each package contributes a ``STRINGS`` dict (``key -> (french, english)``) in its
``strings.py``; this module merges them into one table. Placeholders use ``str.format``:
``tr("lewthwaite.end.blocked", loser="les bleus")``.
"""

from __future__ import annotations

import importlib
from functools import cache

from games.registry import game_packages, has_module

LANGUAGES = ("fr", "en")
_language = "fr"


def set_language(lang: str) -> None:
    """Switch every string to ``lang`` (``"fr"`` or ``"en"``)."""
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}' (choose from {', '.join(LANGUAGES)})")
    _language = lang


def language() -> str:
    """The current language code."""
    return _language


@cache
def table() -> dict[str, tuple[str, str]]:
    """The merged table: the shell's strings, then each game's."""
    merged: dict[str, tuple[str, str]] = {}
    sources = ["kiosk.strings", "kiosk.physical_strings", "kiosk.calibration_strings", "kiosk.report_strings"]
    sources += [f"games.{g}.strings" for g in game_packages() if has_module(g, "strings")]
    for extra in ("hardware.strings",):
        try:
            importlib.import_module(extra)
        except ModuleNotFoundError:
            continue
        sources.append(extra)
    for name in sources:
        strings = importlib.import_module(name).STRINGS
        duplicated = merged.keys() & strings.keys()
        if duplicated:
            raise KeyError(f"{name} redefines strings {sorted(duplicated)}")
        merged.update(strings)
    return merged


def has_key(key: str) -> bool:
    """True when ``key`` is in the translation table."""
    return key in table()


class Text(str):
    """A translated string that remembers its key and parameters, so that a test can draw it
    again in the other language, or with longer parameters, in the box it was drawn in
    (:mod:`kiosk.textfit`). Everywhere else it is just a ``str``."""

    key: str
    params: dict[str, object]

    def __new__(cls, value: str, key: str, params: dict[str, object]) -> Text:  # noqa: D102 - see the class
        text = super().__new__(cls, value)
        text.key = key
        text.params = params
        return text


def tr(key: str, lang: str | None = None, /, **params: object) -> Text:
    """The text for ``key`` in the current language, with ``params`` filled in.

    A missing key shows as ``⟨key⟩`` rather than crashing a kiosk in front of visitors; the
    test suite checks that no key is missing. ``key`` and ``lang`` are positional only, so a
    parameter may have any name.
    """
    entry = table().get(key)
    if entry is None:
        return Text(f"⟨{key}⟩", key, params)
    text = entry[LANGUAGES.index(lang or _language)]
    return Text(text.format(**params) if params else text, key, params)


def counted(key: str, count: int, lang: str | None = None, **params: object) -> Text:
    """The text of ``key`` for ``count`` things: ``key.one`` when the table has it and the
    language writes ``count`` in the singular (1 in English; 0 and 1 in French: "0 graine",
    "1 graine", "2 graines"; "0 seeds", "1 seed"), ``key`` otherwise."""
    one = f"{key}.one"
    singular = count == 1 or (count == 0 and (lang or _language) == "fr")
    return tr(one if singular and one in table() else key, lang, **params)
