"""One translation table for every visible string, French first, English second.

The shell's own tables (``kiosk/*strings.py``) are imported here; each registered game hands its
table in its entry (:attr:`games.contract.Game.strings`); any other package registers its own
with :func:`add_strings` (the LED emulator's window does). This module merges them into one
table, rebuilt when a game is registered or removed. Placeholders use ``str.format``:
``tr("lewthwaite.end.blocked", loser="les bleus")``.
"""

from __future__ import annotations

from collections.abc import Mapping

from games import registry
from kiosk import calibration_strings, physical_strings, report_strings, strings

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


Table = Mapping[str, tuple[str, str]]

#: The shell's own tables, by name (for the error naming a table that redefines a key).
SHELL: tuple[tuple[str, Table], ...] = (
    ("kiosk.strings", strings.STRINGS),
    ("kiosk.physical_strings", physical_strings.STRINGS),
    ("kiosk.calibration_strings", calibration_strings.STRINGS),
    ("kiosk.report_strings", report_strings.STRINGS),
)
_added: dict[str, Table] = {}
_additions = 0
_merged: tuple[tuple[int, int], dict[str, tuple[str, str]]] | None = None


def add_strings(name: str, words: Table) -> None:
    """Add the table ``name`` (``key -> (french, english)``) of a package that is neither the
    shell nor a game (the LED tools); adding it again replaces it."""
    global _additions
    _added[name] = words
    _additions += 1


def table() -> dict[str, tuple[str, str]]:
    """The merged table: the shell's strings, then each registered game's, then the added ones
    (computed once, again when a game or a table is added)."""
    global _merged
    stamp = (registry.generation(), _additions)
    if _merged is not None and _merged[0] == stamp:
        return _merged[1]
    merged: dict[str, tuple[str, str]] = {}
    sources = list(SHELL) + [(f"{game.key} strings", game.strings) for game in registry.games()]
    for name, words in sources + list(_added.items()):
        duplicated = merged.keys() & words.keys()
        if duplicated:
            raise KeyError(f"{name} redefines strings {sorted(duplicated)}")
        merged.update(words)
    _merged = (stamp, merged)
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
