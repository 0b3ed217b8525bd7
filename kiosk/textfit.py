"""Does every string fit the box it is drawn in, in French and in English, with its longest
parameters? Measured, not eyeballed.

While :func:`recording` is active, the drawing kit (:mod:`kiosk.ui`) notes each translated
text (a :class:`kiosk.i18n.Text`, which knows its key and parameters) with the box it was
drawn in: a paragraph's rectangle, a one-line label's width. :func:`problems` then draws every
noted key again in each language, with every parameter set seen and with the longest value
seen for each parameter, and reports each one that overflows: a paragraph with more lines than
its rectangle holds, a one-line label that would have to shrink below ``MIN_SHRINK`` of its
size to fit.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field

from kiosk import i18n, theme

#: A label may shrink to fit (``ui.draw_fitted_text``, button labels), but not below this
#: fraction of its size: smaller would be hard to read from across the stand.
MIN_SHRINK = 0.7


@dataclass(frozen=True)
class Box:
    """Where a translated text was drawn: ``height`` None for one line that may shrink."""

    width: int
    height: int | None
    size: int
    kind: str
    line_gap: float = 1.3


@dataclass
class Record:
    """Every box and every parameter set seen for one key."""

    boxes: set[Box] = field(default_factory=set)
    params: list[dict[str, object]] = field(default_factory=list)


_records: dict[str, Record] | None = None


@contextlib.contextmanager
def recording() -> Iterator[dict[str, Record]]:
    """Note the translated texts drawn inside the block (key -> :class:`Record`)."""
    global _records
    previous, _records = _records, {}
    try:
        yield _records
    finally:
        _records = previous


def note(text: str, width: float, height: float | None, size: int, kind: str, line_gap: float = 1.3) -> None:
    """Called by the drawing kit for every boxed text (cheap when not recording)."""
    if _records is None or not isinstance(text, i18n.Text) or text.key not in i18n.table():
        return
    record = _records.setdefault(text.key, Record())
    record.boxes.add(Box(int(width), None if height is None else int(height), size, kind, line_gap))
    if text.params and text.params not in record.params:
        record.params.append(dict(text.params))


def longest_params(seen: list[dict[str, object]]) -> dict[str, object]:
    """Each parameter's longest value seen (numbers by their written length)."""
    longest: dict[str, object] = {}
    for params in seen:
        for name, value in params.items():
            if name not in longest or len(str(value)) > len(str(longest[name])):
                longest[name] = value
    return longest


def overflow(text: str, box: Box) -> str | None:
    """Why ``text`` does not fit ``box`` (None when it fits)."""
    font = theme.font(box.size, box.kind)
    if box.height is None:
        if font.size(text)[0] <= box.width:
            return None
        fitted = theme.fitted_size(text, box.size, box.width, box.kind)
        if fitted >= MIN_SHRINK * box.size and theme.font(fitted, box.kind).size(text)[0] <= box.width:
            return None
        return f"one line of {box.width} px at size {box.size} would need size {fitted}"
    lines = theme.wrap_text(text, box.size, box.width, box.kind)
    height = round(box.size * box.line_gap) * (len(lines) - 1) + font.get_linesize()
    widest = max(font.size(line)[0] for line in lines)
    if height <= box.height + 2 and widest <= box.width:
        return None
    return f"{len(lines)} lines ({height} px high, {widest} px wide) in a {box.width}x{box.height} box"


def problems(records: dict[str, Record]) -> list[str]:
    """Every key that overflows a box it was drawn in, in either language, with any parameter
    set seen or the longest values seen."""
    found = []
    for key, record in sorted(records.items()):
        sets = record.params + ([longest_params(record.params)] if record.params else [{}])
        for lang in i18n.LANGUAGES:
            for params in sets:
                try:
                    text = i18n.tr(key, lang, **params)
                except (KeyError, IndexError, ValueError):
                    found.append(f"{key} [{lang}]: parameters {sorted(params)} do not fill it")
                    continue
                for box in sorted(record.boxes, key=lambda b: (b.width, b.height or 0)):
                    why = overflow(text, box)
                    if why:
                        found.append(f"{key} [{lang}] {text!r}: {why}")
    return sorted(set(found))
