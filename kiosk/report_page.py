"""The stand's day in numbers, written out: a few lines of text, a CSV table, and a
self-contained HTML page (French, or English) with its plots drawn as inline SVG, to attach to
the fair's report and print on one A4 page. :func:`plots` gives the plots' data, which the
operator's screen draws with pygame. No pygame here.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from html import escape
from typing import Any

from kiosk.i18n import counted, tr
from kiosk.report import ENDINGS, PLAYING, advice, game_title, level_name

#: Colours of the page (the kiosk's palette): finished games, abandoned ones, the ink.
GOOD, OTHER, INK, SOFT, ACCENT = "#3c9a6e", "#d9a441", "#2d2a32", "#6d6877", "#e0663c"


@dataclass(frozen=True)
class Bar:
    """One bar of a plot: its label and its stacked values (one per series)."""

    label: str
    values: tuple[float, ...]
    note: str = ""


@dataclass(frozen=True)
class Plot:
    """A bar plot: title, bars, a maximum for the scale, series colours and legend, and for the
    lengths plot each bar's quartiles (min, q1, median, q3, max) instead of values."""

    title: str
    bars: tuple[Bar, ...]
    top: float
    colours: tuple[str, ...] = (GOOD,)
    legend: tuple[str, ...] = ()
    percent: bool = False
    boxes: bool = False
    columns: bool = False


def number(n: float, lang: str | None = None) -> str:
    """A count as the language writes it: 10 000 in French (a narrow space), 10,000 in English."""
    return f"{n:,.0f}".replace(",", "\u202f" if (lang or "fr") == "fr" else ",")


def decimal(value: float, lang: str | None = None) -> str:
    """One decimal, as the language writes it: 21,5 in French, 21.5 in English."""
    return f"{value:.1f}".replace(".", "," if (lang or "fr") == "fr" else ".")


def percent(rate: float, lang: str | None = None) -> str:
    """A rate as the language writes it: "32 %" in French, "32%" in English."""
    return f"{round(100 * rate)}%" if lang == "en" else f"{round(100 * rate)} %"


def hour_label(hour: int, lang: str | None = None) -> str:
    """An hour under a column: "14 h", "14:00"."""
    return f"{hour}:00" if lang == "en" else f"{hour} h"


def label_every(labels: list[str], step: float, char_width: float) -> int:
    """Label one column in this many so that labels ``char_width`` wide a character, under
    columns ``step`` apart, never run together ("10h11h12h")."""
    widest = max((len(label) for label in labels), default=1) * char_width + char_width
    return max(1, math.ceil(widest / step)) if step > 0 else 1


def plots(numbers: dict[str, Any], lang: str | None = None) -> list[Plot]:
    """The four plots: visits per hour, games per game, visitors' win rate per computer level,
    lengths of finished games."""
    hours = {int(h): n for h, n in numbers["visits_per_hour"].items()}
    span = range(min([9, *hours]), max([18, *hours]) + 1)
    visits = tuple(Bar(hour_label(h, lang), (hours.get(h, 0),), number(hours[h], lang) if hours.get(h) else "")
                   for h in span)
    games = tuple(
        Bar(game_title(game, lang), (entry["finished"], entry["started"] - entry["finished"]),
            number(entry["started"], lang))
        for game, entry in numbers["per_game"].items()
    )
    levels = tuple(
        Bar(f"{game_title(game, lang)} · {level_name(game, level, lang)}", (entry["person_rate"],),
            f"{percent(entry['person_rate'], lang)} ({entry['person']}/{entry['games']})")
        for game, table in numbers["levels"].items() for level, entry in table.items()
    )
    lengths = tuple(
        Bar(game_title(game, lang), tuple(entry["seconds"][k] / 60 for k in ("min", "q1", "median", "q3", "max")),
            decimal(entry["seconds"]["median"] / 60, lang))
        for game, entry in numbers["per_game"].items() if entry["seconds"] is not None
    )
    longest = max((b.values[-1] for b in lengths), default=1.0)
    return [
        Plot(tr("report.plot.hours", lang), visits, max([1, *hours.values()]), (ACCENT,), columns=True),
        Plot(tr("report.plot.games", lang), games, max([1, *(sum(b.values) for b in games)]), (GOOD, OTHER),
             (tr("report.legend.finished", lang), tr("report.legend.abandoned", lang))),
        Plot(tr("report.plot.levels", lang), levels, 1.0, (ACCENT,), percent=True),
        Plot(tr("report.plot.lengths", lang), lengths, max(1.0, longest), (GOOD,),
             (tr("report.legend.lengths", lang),), boxes=True),
    ]


def key_figures(numbers: dict[str, Any], lang: str | None = None) -> list[tuple[str, str]]:
    """The headline numbers, (value, what) pairs, in the order a page shows them; numbers as
    the language writes them, and the words in the singular for one."""
    def minutes(q: dict[str, float] | None) -> str:
        return "—" if q is None else f"{decimal(q['median'] / 60, lang)} min"

    def many(key: str, n: int) -> tuple[str, str]:
        return number(n, lang), str(counted(key, n, lang))

    real = numbers["real_board"]
    moves = numbers["moves"]
    pairs = [
        many("report.visits", numbers["visits"]),
        many("report.games", numbers["games"]),
        many("report.finished", numbers["finished"]),
        many("report.abandoned", numbers["abandoned"]),
        (_hours(numbers["busiest_hour"], lang), str(tr("report.busiest", lang))),
        (minutes(numbers["seconds"]), str(tr("report.median_minutes", lang))),
        ("—" if moves is None else (number(moves["median"], lang) if float(moves["median"]).is_integer()
                                    else decimal(moves["median"], lang)), str(tr("report.median_moves", lang))),
        many("report.hotseat", numbers["hotseat"]["games"]),
        many("report.real", real["games"]),
    ]
    if real["games"]:
        pairs.append((decimal(real["fixes_per_game"], lang), str(tr("report.fixes", lang))))
    pairs.append(many("report.pages", sum(numbers["pages"].values())))
    pairs.append(many("report.faults", numbers["faults"]))
    pairs.append(many("report.continued", numbers["continued"]))
    if numbers["in_progress"]:
        pairs.append(many("report.in_progress", numbers["in_progress"]))
    pairs.append(many("report.starts", numbers["kiosk_starts"]))
    pairs.append(many("report.cut_off", numbers["cut_off"]))
    return pairs


def _hours(start: int | None, lang: str | None) -> str:
    """An hour of the day as a span: "14 h – 15 h", "14:00–15:00"."""
    if start is None:
        return "—"
    end = (start + 1) % 24
    return f"{start}:00–{end}:00" if lang == "en" else f"{start} h – {end} h"


def title(numbers: dict[str, Any], lang: str | None = None) -> str:
    """"La journée du stand" (one day) or "Le stand du ... au ..."."""
    if numbers["from"] and numbers["from"] != numbers["to"]:
        return str(tr("report.title.days", lang, first=numbers["from"], last=numbers["to"]))
    return str(tr("report.title", lang)) + (f" — {numbers['from']}" if numbers["from"] else "")


def endings_text(endings: dict[str, int], lang: str | None = None) -> str:
    """How a game's games ended, in words: "5 gagnées par les visiteurs, 1 abandonnée"."""
    return ", ".join(f"{number(n, lang)} {counted(f'report.how.{how}', n, lang)}"
                     for how in (*ENDINGS, PLAYING) if (n := endings.get(how, 0)))


def text(numbers: dict[str, Any], lang: str | None = None) -> str:
    """The readable summary ``report`` prints, wholly in the page's language."""
    lines = [title(numbers, lang)]
    lines += [f"  {value:>12}  {what}" for value, what in key_figures(numbers, lang)]
    for game, entry in numbers["per_game"].items():
        lines.append("  " + str(tr("report.per_game", lang, game=game_title(game, lang),
                                   n=number(entry["started"], lang),
                                   games=counted("report.games", entry["started"], lang),
                                   endings=endings_text(entry["endings"], lang))))
    for game, table in numbers["levels"].items():
        for level, entry in table.items():
            lines.append("  " + str(tr("report.level", lang, game=game_title(game, lang),
                                       level=level_name(game, level, lang), rate=round(100 * entry["person_rate"]),
                                       won=number(entry["person"], lang), played=number(entry["games"], lang))))
    learnt = learning_lines(numbers, lang)
    if learnt:
        lines.append(str(tr("report.learning", lang)) + (" :" if (lang or "fr") == "fr" else ":"))
        lines += [f"  - {line}" for line in learnt]
    said = advice(numbers, lang)
    if said:
        lines.append(str(tr("report.advice", lang)) + (" :" if (lang or "fr") == "fr" else ":"))
        lines += [f"  - {line}" for line in said]
    return "\n".join(lines)


def learning_lines(numbers: dict[str, Any], lang: str | None = None) -> list[str]:
    """One sentence per computer level that learns: the games played against it, the games it
    lost, and since which game it no longer loses ("not yet" when it lost the last one), counted
    from its last reset of the span."""
    lines = []
    for game, table in numbers.get("learning", {}).items():
        for level, entry in table.items():
            since = entry["since_reset"]
            if not since:
                verdict = tr("report.learning.none", lang) if entry["resets"] else tr("report.learning.never", lang)
            elif entry["last_loss"] is None:
                verdict = tr("report.learning.never", lang)
            elif not entry["stopped"]:
                verdict = tr("report.learning.not_yet", lang)
            else:
                streak = entry["without_loss"]
                verdict = tr("report.learning.stopped", lang, last=number(entry["last_loss"], lang),
                             streak=number(streak, lang), games=counted("report.games", streak, lang))
            resets = counted("report.learning.resets", entry["resets"], lang, n=number(entry["resets"], lang),
                             since=number(since, lang), games=counted("report.games", since, lang))
            lines.append(str(tr("report.learning.line", lang, game=game_title(game, lang),
                                level=level_name(game, level, lang), n=number(entry["games"], lang),
                                games=counted("report.games", entry["games"], lang),
                                lost=number(entry["lost"], lang),
                                lost_word=counted("report.learning.lost", entry["lost"], lang),
                                verdict=verdict)) + (str(resets) if entry["resets"] else ""))
    return lines


def csv_text(numbers: dict[str, Any]) -> str:
    """Every figure as a row ``figure,key,value`` (a spreadsheet's long format)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["figure", "key", "value"])

    def rows(prefix: str, value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                rows(f"{prefix}/{key}" if prefix else str(key), inner)
        elif value is not None:
            figure, _, key = prefix.partition("/")
            writer.writerow([figure, key, value])

    rows("", numbers)
    return out.getvalue()


# --- the page -------------------------------------------------------------------------------

def _svg(plot: Plot, width: int = 340, height: int = 190) -> str:
    """One plot as an inline SVG: vertical bars for the hours, horizontal bars otherwise."""
    parts = [f'<svg viewBox="0 0 {width} {height}" width="100%" role="img" aria-label="{escape(plot.title)}">']
    if not plot.bars:
        parts.append(f'<text x="{width / 2}" y="{height / 2}" text-anchor="middle" fill="{SOFT}">—</text></svg>')
        return "".join(parts)
    if plot.columns:
        return _svg_columns(plot, width, height)
    longest = max(len(b.label) for b in plot.bars)
    label_w, right = min(176, 12 + 5.4 * longest), 56
    row = min(28.0, (height - 10) / len(plot.bars))
    scale = (width - label_w - right) / plot.top
    for k, bar in enumerate(plot.bars):
        y = 5 + k * row
        parts.append(f'<text x="{label_w - 6}" y="{y + row * 0.62:.1f}" text-anchor="end" font-size="10" '
                     f'fill="{INK}">{escape(bar.label[:32])}</text>')
        if plot.boxes:
            low, q1, median, q3, high = (label_w + v * scale for v in bar.values)
            mid = y + row / 2
            parts.append(f'<line x1="{low:.1f}" x2="{high:.1f}" y1="{mid:.1f}" y2="{mid:.1f}" stroke="{SOFT}"/>')
            parts.append(f'<rect x="{q1:.1f}" y="{y + 3:.1f}" width="{max(1.0, q3 - q1):.1f}" height="{row - 6:.1f}" '
                         f'fill="{GOOD}" fill-opacity="0.5" stroke="{GOOD}"/>')
            parts.append(f'<line x1="{median:.1f}" x2="{median:.1f}" y1="{y + 2:.1f}" y2="{y + row - 2:.1f}" '
                         f'stroke="{INK}" stroke-width="2"/>')
            parts.append(f'<text x="{high + 4:.1f}" y="{y + row * 0.62:.1f}" font-size="9" fill="{SOFT}">'
                         f'{bar.note}</text>')
            continue
        x = float(label_w)
        for value, colour in zip(bar.values, plot.colours, strict=False):
            w = value * scale
            parts.append(f'<rect x="{x:.1f}" y="{y + 3:.1f}" width="{w:.1f}" height="{row - 6:.1f}" fill="{colour}"/>')
            x += w
        note = bar.note or (f"{round(100 * bar.values[0])} %" if plot.percent else f"{sum(bar.values):g}")
        parts.append(f'<text x="{x + 4:.1f}" y="{y + row * 0.62:.1f}" font-size="9" fill="{SOFT}">'
                     f'{escape(note)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _svg_columns(plot: Plot, width: int, height: int) -> str:
    """Vertical bars with the hours under them."""
    parts = [f'<svg viewBox="0 0 {width} {height}" width="100%" role="img" aria-label="{escape(plot.title)}">']
    base, top = height - 18, 14
    step = (width - 10) / len(plot.bars)
    every = label_every([bar.label for bar in plot.bars], step, 5.4)  # 9 px digits are about 5.4 px wide
    for k, bar in enumerate(plot.bars):
        value = bar.values[0]
        h = (base - top) * value / plot.top
        x = 5 + k * step
        parts.append(f'<rect x="{x + step * 0.15:.1f}" y="{base - h:.1f}" width="{step * 0.7:.1f}" height="{h:.1f}" '
                     f'fill="{ACCENT}" rx="2"/>')
        if value:
            parts.append(f'<text x="{x + step / 2:.1f}" y="{base - h - 3:.1f}" text-anchor="middle" font-size="9" '
                         f'fill="{SOFT}">{escape(bar.note or f"{value:g}")}</text>')
        if k % every == 0:
            parts.append(f'<text x="{x + step / 2:.1f}" y="{height - 5}" text-anchor="middle" font-size="9" '
                         f'fill="{INK}">{escape(bar.label)}</text>')
    parts.append(f'<line x1="5" x2="{width - 5}" y1="{base}" y2="{base}" stroke="{SOFT}"/></svg>')
    return "".join(parts)


STYLE = f"""
@page {{ size: A4; margin: 12mm; }}
* {{ box-sizing: border-box; }}
body {{ font-family: "DejaVu Sans", Arial, sans-serif; color: {INK}; margin: 0 auto; max-width: 186mm;
       font-size: 10.5pt; }}
h1 {{ font-size: 19pt; margin: 0 0 1mm; }}
.sub {{ color: {SOFT}; margin: 0 0 4mm; }}
.figures {{ display: grid; grid-template-columns: repeat(4, 1fr); gap: 2mm; margin-bottom: 4mm; }}
.figure {{ border: 1px solid #e4ddd0; border-radius: 3mm; padding: 1.5mm 2.5mm; background: #fbf8f2; }}
.figure b {{ display: block; font-size: 14pt; }}
.figure span {{ color: {SOFT}; font-size: 8.5pt; }}
.plots {{ display: grid; grid-template-columns: 1fr 1fr; gap: 3mm 5mm; }}
h2 {{ font-size: 11pt; margin: 0 0 1mm; }}
.legend {{ font-size: 8pt; color: {SOFT}; margin: 0; }}
.legend i {{ display: inline-block; width: 3mm; height: 3mm; margin: 0 1mm 0 3mm; vertical-align: middle; }}
ul {{ margin: 1mm 0 3mm; padding-left: 5mm; }}
footer {{ color: {SOFT}; font-size: 8pt; border-top: 1px solid #e4ddd0; padding-top: 1mm; }}
section {{ break-inside: avoid; }}
@media screen {{ body {{ padding: 8mm 4mm; }} }}
"""


def html(numbers: dict[str, Any], lang: str = "fr") -> str:
    """The self-contained page (no script, no file beside it): the headline figures, the four
    plots, the advice; sized to print on one A4 page."""
    figures = "".join(f'<div class="figure"><b>{escape(value)}</b><span>{escape(what)}</span></div>'
                      for value, what in key_figures(numbers, lang))
    sections = []
    for plot in plots(numbers, lang):
        legend = "".join(f'<i style="background:{colour}"></i>{escape(str(name))}'
                         for colour, name in zip(plot.colours, plot.legend, strict=False))
        sections.append(f"<section><h2>{escape(plot.title)}</h2>{_svg(plot)}"
                        + (f'<p class="legend">{legend}</p>' if legend else "") + "</section>")
    said = advice(numbers, lang) or [str(tr("report.advice.none", lang))]
    items = "".join(f"<li>{escape(line)}</li>" for line in said)
    learnt = "".join(f"<li>{escape(line)}</li>" for line in learning_lines(numbers, lang))
    if learnt:
        learnt = f"<h2>{escape(str(tr('report.learning', lang)))}</h2><ul>{learnt}</ul>"

    heading = title(numbers, lang)
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{escape(heading)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{escape(heading)}</h1><p class=\"sub\">{escape(str(tr('report.subtitle', lang)))}</p>"
            f'<div class="figures">{figures}</div><div class="plots">{"".join(sections)}</div>{learnt}'
            f"<h2>{escape(str(tr('report.advice', lang)))}</h2><ul>{items}</ul>"
            f"<footer>{escape(str(tr('report.footer', lang)))}</footer></body></html>\n")
