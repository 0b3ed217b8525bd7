"""Drawing Juniper Green's mathematics (pygame): arrows, the divisibility graph with a matching,
the pairs as dominoes, and the numbers the explainer pages show for the chosen N.

Shared by the game scene's explainer and the science corner; nothing here decides a rule.
"""

from __future__ import annotations

import math

import pygame

from games.budget import MB, budgeted
from games.juniper.maths import MatchingProof, PoisonedMove, matching_proof, poisoned_move, trap_layers, word_text
from games.juniper.rules import neighbours
from kiosk import draw, theme, ui
from kiosk.canvas import Canvas, Target, make_layer, native_sprite
from kiosk.i18n import tr

ACCENT = (56, 160, 120)
ACCENT_DARK = (30, 110, 80)
PLAYER_COLORS = {1: theme.RED, 2: theme.BLUE}
EDGE = (208, 200, 188)


def draw_arrow(
    surface: Target,
    start: tuple[float, float],
    end: tuple[float, float],
    color: ui.Color | tuple[int, int, int, int],
    width: int = 6,
    progress: float = 1.0,
    shorten: float = 0.0,
) -> None:
    """A thick arrow from ``start`` towards ``end``, drawn up to ``progress`` (0..1) of its length."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    sx, sy = start[0] + ux * shorten, start[1] + uy * shorten
    usable = max(0.0, length - 2 * shorten)
    tip = (sx + ux * usable * progress, sy + uy * usable * progress)
    head = min(6 + width * 2.6, usable * progress)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    draw.line(surface, color, (sx, sy), base, width)
    draw.circle(surface, color, (sx, sy), width // 2)
    if head > 2:
        px, py = -uy * head * 0.6, ux * head * 0.6
        draw.polygon(surface, color, [tip, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)])


def smallest_factor(k: int) -> int:
    """The smallest prime dividing ``k`` (``k`` for 1 and primes)."""
    d = 2
    while d * d <= k:
        if k % d == 0:
            return d
        d += 1
    return k


@budgeted(MB, scope='juniper')
def graph_layout(n: int, rect: tuple[int, int, int, int]) -> dict[int, tuple[float, float]]:
    """1 in the middle (it is everyone's neighbour), the others on a circle, grouped by their
    smallest prime factor (evens, then multiples of 3, of 5...), so that friends sit near."""
    x, y, w, h = rect
    cx, cy = x + w / 2, y + h / 2
    others = sorted(range(2, n + 1), key=lambda k: (smallest_factor(k), k))
    radius = min(w, h) / 2 - node_radius(n) - 4
    positions = {1: (cx, cy)}
    for i, k in enumerate(others):
        angle = -math.pi / 2 + 2 * math.pi * i / max(1, len(others))
        positions[k] = (cx + radius * math.cos(angle), cy + radius * math.sin(angle))
    return positions


def node_radius(n: int) -> int:
    """Bigger discs for small N."""
    return 30 if n <= 10 else 24 if n <= 20 else 19


def draw_graph(
    surface: Target,
    rect: pygame.Rect,
    proof: MatchingProof,
    played: tuple[int, ...] = (),
    grow: float = 1.0,
) -> None:
    """The divisibility graph of 1..N (thin lines), the matching (thick green pairs), the lone
    numbers (gold, the start ringed) and the numbers played so far (in the players' colours)."""
    draw_graph_lines(surface, rect, proof, grow)
    draw_graph_numbers(surface, rect, proof, played)


def matching_width(grow: float) -> int:
    """The matching's lines' width when they have grown to ``grow`` (0..1) of their width."""
    return max(2, round(9 * grow))


def draw_graph_lines(surface: Target, rect: pygame.Rect, proof: MatchingProof, grow: float = 1.0) -> None:
    """:func:`draw_graph`'s lines: the divisibility graph and the matching (what stays while a
    game is played over it)."""
    n = proof.n
    pos = graph_layout(n, (rect.x, rect.y, rect.w, rect.h))
    adj = neighbours(n)
    for a in range(2, n + 1):
        for b in adj[a]:
            if b > a:
                draw.aaline(surface, EDGE, pos[a], pos[b])
    for b in range(2, n + 1):
        draw.aaline(surface, (232, 226, 216), pos[1], pos[b])
    width = matching_width(grow)
    for a, b in proof.pairs:
        draw.line(surface, ACCENT, pos[a], pos[b], width)


def draw_graph_numbers(surface: Target, rect: pygame.Rect, proof: MatchingProof, played: tuple[int, ...] = ()) -> None:
    """:func:`draw_graph`'s game over its lines: the arrows between the numbers played and the
    numbers' discs (inside ``rect``)."""
    n = proof.n
    pos = graph_layout(n, (rect.x, rect.y, rect.w, rect.h))
    for i in range(1, len(played)):
        draw_arrow(
            surface,
            pos[played[i - 1]],
            pos[played[i]],
            PLAYER_COLORS[1 if i % 2 == 0 else 2],
            5,
            1.0,
            node_radius(n) + 2,
        )
    r = node_radius(n)
    order = {k: i for i, k in enumerate(played)}
    for k in range(1, n + 1):
        x, y = (round(v) for v in pos[k])
        if k in order:
            fill, ink = PLAYER_COLORS[1 if order[k] % 2 == 0 else 2], theme.WHITE
        elif k in proof.alone:
            fill, ink = theme.HINT, theme.INK
        else:
            fill, ink = theme.WHITE, theme.INK
        draw.circle(surface, ui.darker(fill, 0.25), (x, y + 2), r)
        draw.circle(surface, fill, (x, y), r)
        if k == proof.start:
            draw.circle(surface, theme.INK, (x, y), r + 4, 3)
        ui.draw_text(surface, str(k), (x, y), round(r * 1.05), ink, "title", "center")


@budgeted(16 * MB, scope='juniper')
@native_sprite
def _pairs_image(size: tuple[int, int], n: int, scale: float = 1.0) -> Canvas:
    """For N too large for a readable graph: the pairs as little dominoes, lone numbers in gold
    (drawn once, at the screen's resolution)."""
    proof = matching_proof(n)
    image = make_layer(size, scale, alpha=True)
    alone = sorted(proof.alone, key=lambda k: (k != proof.start, k))  # the start first
    items: list[tuple[int, ...]] = [*proof.pairs, *((k,) for k in alone)]
    count = len(items)
    cols = max(1, math.ceil(math.sqrt(count * size[0] / size[1] / 2)))
    rows = math.ceil(count / cols)
    w, h = size[0] / cols, size[1] / max(1, rows)
    text = max(11, min(22, round(h * 0.45), round(w / 6)))
    for i, item in enumerate(items):
        r, c = divmod(i, cols)
        chip = pygame.Rect(round(c * w + 2), round(r * h + 2), round(w - 4), round(h - 4))
        fill = theme.HINT if len(item) == 1 else (230, 244, 236)
        draw.rect(image, fill, chip, border_radius=6)
        start = item == (proof.start,)
        draw.rect(image, theme.INK if start else ACCENT, chip, 4 if start else 2, border_radius=6)
        ui.draw_text(image, "–".join(map(str, item)), chip.center, text, theme.INK, "bold", "center")
    return image


def draw_pairs(surface: Target, rect: pygame.Rect, n: int) -> None:
    """The maximum matching of 1..n as a grid of pairs (used when N > 30)."""
    surface.blit(_pairs_image(rect.size, n), rect.topleft)


# --- the explainer pages follow the N the visitor chose ---------------------------------------------


def layer_words(n: int, width: int = 46) -> tuple[str, str, str]:
    """The first words of the layers P0, P1, P2 for N = ``n``, each written in at most about
    ``width`` characters (``…`` when there are more)."""
    layers = trap_layers(n)
    texts = []
    for words in (layers.p0, layers.p1, layers.p2):
        shown: list[str] = []
        for word in words:
            candidate = ", ".join([*shown, word_text(word)])
            if shown and len(candidate) > width:
                break
            shown.append(word_text(word))
        more = len(shown) < len(words) or not layers.complete
        texts.append(", ".join(shown) + ("…" if more and shown else "") if shown else "…")
    return texts[0], texts[1], texts[2]


def fourteen_example(n: int) -> tuple[int, PoisonedMove]:
    """The N and the "14 loses" example the explainer shows for N = ``n``: its own, or the
    article's N = 20 when no such number exists for ``n``."""
    example = poisoned_move(n)
    if example is None:
        n, example = 20, poisoned_move(20)
    assert example is not None
    return n, example


def explainer_params(key: str, n: int) -> dict[str, object]:
    """The numbers the explainer page ``key`` shows for N = ``n``: the "14 loses" example (the
    article's N = 20 when no such number exists for ``n``) and the pairing's conclusion."""
    if key == "fourteen":
        n, example = fourteen_example(n)
        return {"n": n, "move": example.move, "prime": example.prime, "blocker": example.blocker, "half": n // 2}
    if key == "matching":
        proof = matching_proof(n)
        if proof.winner == 1:
            return {"conclusion": tr("juniper.explain.matching.first", n=n, start=proof.start)}
        return {"conclusion": tr("juniper.explain.matching.second", n=n)}
    return {"n": n}
