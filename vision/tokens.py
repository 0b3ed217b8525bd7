"""Tokens on a mat: is there one on a cell, and whose is it?

Every measurement is taken against the paper's own white around the cell (``white``), so a warm
lamp, a cold ceiling light or a camera's white-balance error cancel out. Per cell:

- the token's colour, from the pixels of a disc at the cell centre moved towards where the top
  of a token of middle height appears (:mod:`vision.pose`): its lightness ``L`` (log of the
  brightness against the white) and two chroma axes, ``c1 = log(red / blue)`` and
  ``c2 = log(green / sqrt(red * blue))``, as medians over the disc; clipped pixels (glare on a
  glossy cap) and pixels far brighter than the paper (a specular highlight) are left out;
- ``spread``: the range of lightness inside the cell (10th to 90th percentile, grid lines
  excluded): a white go stone on white paper has little colour but a shaded rim and a contact
  shadow;
- ``edge``: how much of a circle around the cell centre is crossed by a sharp edge: the outline
  of a round token closes around the centre, a shadow's edge crosses a cell once;
- the hue (``HUE1``, ``HUE2``): ``c1`` and ``c2`` of the *coloured* pixels of a wider disc and of
  the ring where the camera pose puts a tall cap's rim. A cap open side up shows its colour on
  its wall and rim, while its inside is in shade (bluish ambient light) or mirrors the lamp
  (white glare); the players' colours are told apart on the hue, presence on the disc;
- ``lift``, where the paper is at the sensor's ceiling: the share of the piece's footprint (a
  disc round the same centre, as wide as a piece) off that flat white. Clipped paper has no
  texture, no shade and no colour left, so a white or pastel piece on it shows only there: its
  shaded side wall, its contact shadow, a pastel's darkest channel. The hue of a piece too pale
  for coloured pixels is then read from those pixels off the white.

**One-shot** (no calibration): a cell holds a token when its colour differs from paper or when
it has a round outline. The game's token count is the prior when the picture is ambiguous
(the 5 x 5 sliding game always has all its tokens on the board): beyond it the least token-like cells are
empty, and short of it a clear group of faint cells fills it up: white draughts on white paper,
or a few pale caps (an eighth of the box at most: more is a board being set up). On paper at
the ceiling the cells whose footprint stands clearly off the white fill it up as well
(:func:`classify_oneshot`'s ``lift_min``); a piece that clips exactly like the paper stays unseen,
and the reader refuses the frame (``overexposed``) rather than guess where it is.
The players' colours are two clusters of the tokens along the axis that separates them best:
the hue's ``c1`` for red and blue tokens (pale and dark shades alike, as lightness is left
out), lightness for black and white ones
(go stones, draughts). Which cluster is the first player's follows the named colours
(``("red", "blue")``, ``("black", "white")``, ...).

**Live**: :class:`TokenModel` is learnt on a frame of the start position (where every token's
owner is known), so any pair of colours works and the first player's colour needs no naming.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.exposure import CLIP_LEVEL

#: Named token colours: (axis, sign) meaning "this colour is the higher (+1) or lower (-1) end
#: of that feature" (c1 = log red/blue, L = lightness).
COLOUR_NAMES = {
    "red": ("c1", 1),
    "orange": ("c1", 1),
    "pink": ("c1", 1),
    "yellow": ("c1", 1),
    "blue": ("c1", -1),
    "green": ("c1", -1),
    "white": ("L", 1),
    "black": ("L", -1),
}
#: A sharp edge: the lightness (log) changes by this much per pixel (Sobel / 8).
EDGE_GRADIENT = 0.06
#: One-shot: a cell below the presence threshold but above this floor (presence and outline
#: together) may be a token the picture shows faintly (a white draught on white paper); the
#: game's token count decides. Empty cells stay below it on the tuning renders (0.2 at most).
DOUBT_FLOOR = 0.5
#: ... or above this one when exactly the missing number of cells stands out of the other empty
#: cells by a factor of :data:`DOUBT_GAP` at least.
DOUBT_MIN, DOUBT_GAP = 0.3, 2.0
#: A pixel is "coloured" (part of a token's colour, not paper, glare or a white token) when its
#: chroma ``hypot(c1, 1.5 c2)`` is above this.
COLOURED_PIXEL = 0.12
#: ... and a cell's hue is taken from its coloured pixels when at least this fraction of the wide
#: disc is coloured (otherwise from the whole disc: black and white tokens, paper).
COLOURED_SHARE = 0.2
#: One-shot, unnamed colours: an axis whose best two-cluster split leaves fewer than this share
#: of the tokens on one side does not separate the players.
BALANCED_SPLIT = 0.25
#: Feature columns: HUE1 and HUE2 are c1 and c2 of the token's coloured part, LIFT what of the
#: token's footprint stands off paper at the sensor's ceiling, ARC how much of its outline does
#: (see cell_features).
L, C1, C2, SAT, SPREAD, EDGE, HUE1, HUE2, LIFT, ARC, OWN = range(11)
FEATURES = 11
#: The footprint of a piece: a disc of this radius (cells) round where the pose puts the middle
#: of a middle-height token (a piece's top, its side wall in shade, its contact shadow).
FOOT_RADIUS = 0.47
#: On paper at the ceiling, a footprint pixel is off the paper when a channel that the paper
#: clips is this many levels below the ceiling (JPEG and noise keep clipped paper within 5).
LIFT_LEVELS = 10
#: ... and a pastel piece's colour is read from its pixels off the paper when it has this many.
LIFT_PIXELS = 8


@dataclass
class TokenGeometry:
    """Where to look in each cell window (``ppc + 2 pad`` pixels a side), as flat pixel indices:
    computed once per camera position (the reader keeps it while the homography is kept)."""

    ppc: int
    window: int
    disc: np.ndarray  # cells x D: the colour disc, moved to the top of a middle-height token
    wide: np.ndarray  # cells x W: a wider disc round the same centre and a tall cap's rim, for the hue
    ring: np.ndarray  # cells x radii x angles: circles round the same centre
    body: np.ndarray  # B: the cell's inside, grid lines excluded (same for every cell)
    foot: np.ndarray  # cells x F: a piece's footprint round the same centre (:data:`FOOT_RADIUS`)

    @classmethod
    def build(cls, ppc: int, pad: int, shifts: np.ndarray) -> TokenGeometry:
        """Indices for windows of ``ppc + 2 pad`` px and per-cell top shifts (N x 2, px)."""
        window = ppc + 2 * pad
        centre = (window - 1) / 2
        limit = pad - 1
        # The top of the tallest token lies about twice as far off as a middle-height one's.
        rims = np.clip(np.round(2 * shifts), -limit, limit).astype(int)
        shifts = np.clip(np.round(shifts), -limit, limit).astype(int)
        r = ppc * 0.2
        span = range(-int(r), int(r) + 1)
        offsets = [(y, x) for y in span for x in span if y * y + x * x <= r * r]
        oy, ox = np.array(offsets).T
        c = int(round(centre))
        disc = np.stack([(c + sy + oy) * window + (c + sx + ox) for sx, sy in shifts])
        r_wide = ppc * 0.34
        span = range(-int(r_wide), int(r_wide) + 1)
        # Every other pixel (a checkerboard) is plenty for a median, at half the cost.
        wide_offsets = [(y, x) for y in span for x in span if y * y + x * x <= r_wide * r_wide and (x + y) % 2 == 0]
        wy, wx = np.array(wide_offsets).T
        # ... and the rim of a tall cap, round the top of the tallest token: its lit wall.
        span = range(-int(0.44 * ppc), int(0.44 * ppc) + 1)
        rim_offsets = [(y, x) for y in span for x in span
                       if (0.3 * ppc) ** 2 <= y * y + x * x <= (0.44 * ppc) ** 2 and (x + y) % 2 == 0]
        ry, rx = np.array(rim_offsets).T
        wide = np.stack([
            np.concatenate([
                np.clip(c + sy + wy, 0, window - 1) * window + np.clip(c + sx + wx, 0, window - 1),
                np.clip(c + ty + ry, 0, window - 1) * window + np.clip(c + tx + rx, 0, window - 1),
            ])
            for (sx, sy), (tx, ty) in zip(shifts, rims, strict=True)
        ])
        angles = np.arange(24) * 2 * math.pi / 24
        radii = np.linspace(0.26, 0.46, 6) * ppc
        ring = []
        for sx, sy in shifts:
            ys = np.clip(np.round(centre + sy + np.outer(radii, np.sin(angles))).astype(int), 0, window - 1)
            xs = np.clip(np.round(centre + sx + np.outer(radii, np.cos(angles))).astype(int), 0, window - 1)
            ring.append(ys * window + xs)
        inner = max(1, int(round(ppc * 0.14)))
        yy, xx = np.mgrid[pad + inner : pad + ppc - inner, pad + inner : pad + ppc - inner]
        r_foot = FOOT_RADIUS * ppc
        span = range(-int(r_foot), int(r_foot) + 1)
        fy, fx = np.array([(y, x) for y in span for x in span
                           if y * y + x * x <= r_foot * r_foot and (x + y) % 2 == 0]).T  # a checkerboard
        foot = np.stack([np.clip(c + sy + fy, 0, window - 1) * window + np.clip(c + sx + fx, 0, window - 1)
                         for sx, sy in shifts])
        return cls(ppc, window, disc, wide, np.array(ring), (yy * window + xx).ravel(), foot)


def _trimmed_mean(values: np.ndarray) -> np.ndarray:
    """Per row, the mean of the middle half of the sorted values (glare and dark specks left out)."""
    ordered = np.sort(values, axis=1)
    n = ordered.shape[1]
    return ordered[:, n // 4 : max(n // 4 + 1, 3 * n // 4)].mean(axis=1)


def _masked_median(logs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(c1, c2) per row: the (lower) medians over the pixels of ``mask`` (N x P) of ``logs`` (N x P x 3)."""
    p1 = logs[..., 2] - logs[..., 0]
    p2 = logs[..., 1] - (logs[..., 0] + logs[..., 2]) / 2
    middle = (mask.sum(axis=1) - 1) // 2
    rows = np.arange(len(mask))
    return (np.sort(np.where(mask, p1, np.inf), axis=1)[rows, middle],
            np.sort(np.where(mask, p2, np.inf), axis=1)[rows, middle])


def _hue(logs: np.ndarray, pixels: np.ndarray, c1: np.ndarray, c2: np.ndarray,
         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(c1, c2) of the coloured pixels of each wide disc (N x W x 3 logs and uint8 pixels): the
    lit wall and rim of a cap whose inside is in shade or shows the lamp's glare; the disc's own
    ``c1``, ``c2`` where too little of it is coloured (black and white tokens, paper). Also where
    enough was."""
    p1 = logs[..., 2] - logs[..., 0]
    p2 = logs[..., 1] - (logs[..., 0] + logs[..., 2]) / 2
    coloured = (p1 * p1 + 2.25 * p2 * p2 > COLOURED_PIXEL**2) & (pixels.min(axis=2) < 250)
    enough = coloured.mean(axis=1) >= COLOURED_SHARE
    hue1, hue2 = c1.copy(), c2.copy()
    if enough.any():
        keep = coloured[enough]
        middle = (keep.sum(axis=1) - 1) // 2  # the (lower) median of the coloured pixels
        rows = np.arange(len(keep))
        hue1[enough] = np.sort(np.where(keep, p1[enough], np.inf), axis=1)[rows, middle]
        hue2[enough] = np.sort(np.where(keep, p2[enough], np.inf), axis=1)[rows, middle]
    return hue1, hue2, enough


def cell_features(cells: np.ndarray, whites: np.ndarray, geometry: TokenGeometry) -> np.ndarray:
    """Features of each cell window: ``cells`` (N, window, window, 3) uint8 around the cells,
    ``whites`` (N, 3) the paper around each. Returns N x FEATURES float32."""
    n = len(cells)
    out = np.zeros((n, FEATURES), np.float32)
    if n == 0:
        return out
    flat = cells.reshape(n, -1, 3)
    norm = (flat.astype(np.float32) + 2) / (whites[:, None, :].astype(np.float32) + 2)
    logs = np.log(np.maximum(norm, 1e-3))
    lum = logs.mean(axis=2)  # N x pixels
    rows = np.arange(n)[:, None]
    disc = logs[rows, geometry.disc]  # N x D x 3
    out[:, L] = _trimmed_mean(disc.mean(axis=2))
    out[:, C1] = _trimmed_mean(disc[..., 2] - disc[..., 0])
    out[:, C2] = _trimmed_mean(disc[..., 1] - (disc[..., 0] + disc[..., 2]) / 2)
    colour = np.exp(np.stack([_trimmed_mean(disc[..., k]) for k in range(3)], axis=1))
    out[:, LIFT], lifted = _lift(flat[rows, geometry.foot], whites)
    out[:, ARC] = _arc(flat[rows[..., None], geometry.ring], whites)
    # Only where some of the outline is off the white (the own outline is a part of it).
    some = np.flatnonzero(out[:, ARC] > 0)
    out[some, OWN] = _own_arc(cells[some], whites[some], geometry, geometry.ring[some])
    out[:, HUE1], out[:, HUE2], enough = _hue(logs[rows, geometry.wide], flat[rows, geometry.wide], out[:, C1],
                                              out[:, C2])
    # Paper at the ceiling: a pastel cap's pixels are too pale to count as coloured, and the flat
    # white around them pulls the disc's median to the paper's; its pixels off the ceiling are its own.
    some = np.flatnonzero(~enough & (lifted.sum(axis=1) >= LIFT_PIXELS))
    if len(some):
        out[some, HUE1], out[some, HUE2] = _masked_median(logs[some[:, None], geometry.foot[some]], lifted[some])
    out[:, SAT] = (colour.max(axis=1) - colour.min(axis=1)) / np.maximum(colour.max(axis=1), 0.05)
    lo, hi = np.percentile(lum[:, geometry.body], [10, 90], axis=1)
    out[:, SPREAD] = hi - lo
    # A round outline: on circles of radius 0.26-0.46 cell around the centre (the token's base
    # and its top), the fraction of directions with a sharp edge somewhere along the ray.
    image = lum.reshape(n, geometry.window, geometry.window).transpose(1, 2, 0)
    gx = cv2.Sobel(np.ascontiguousarray(image), cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(np.ascontiguousarray(image), cv2.CV_32F, 0, 1, ksize=3)
    grad = (np.hypot(gx, gy) / 8).reshape(-1, n).T if n > 1 else (np.hypot(gx, gy) / 8).reshape(1, -1)
    hits = grad[np.arange(n)[:, None, None], geometry.ring] > EDGE_GRADIENT  # N x radii x angles
    out[:, EDGE] = hits.any(axis=1).mean(axis=1)
    return out


def _lift(foot: np.ndarray, whites: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per cell, the share of its footprint's pixels (N x F x 3 uint8) off the paper where the
    paper (``whites``, N x 3) is at the sensor's ceiling: there the paper is a flat pure white, and
    a pale piece shows only as pixels below it (its shaded side wall, its contact shadow, a pastel
    colour's darkest channel). 0 where no channel of the paper is at the ceiling. Also which
    pixels are off (N x F)."""
    at = np.asarray(whites) >= CLIP_LEVEL  # N x 3: the channels the paper clips
    off = np.asarray(((foot < CLIP_LEVEL - LIFT_LEVELS) & at[:, None, :]).any(axis=2))
    return np.where(at.any(axis=1), off.mean(axis=1), 0.0), off


def _arc(rings: np.ndarray, whites: np.ndarray) -> np.ndarray:
    """Per cell, the share of directions round its centre (``rings``: N x radii x angles x 3
    uint8 pixels on the outline circles) where a pixel is below the ceiling in a channel that
    the paper (``whites``) clips: the thin crescent of an ivory draught's lit side wall on
    paper at pure white is a few pixels of its footprint (:data:`LIFT`), yet a third of its
    outline. 0 where no channel of the paper is at the ceiling."""
    at = np.asarray(whites) >= CLIP_LEVEL
    off = np.asarray((rings < CLIP_LEVEL) & at[:, None, None, :]).any(axis=(1, 3))
    return np.where(at.any(axis=1), off.mean(axis=1), 0.0)


#: A blob off the clipped white is the cell's own when this share of its pixels in the cell's
#: window lies inside the cell itself (a neighbour's piece, side or shadow reaches in from the
#: window's margin; an ivory draught's crescent lies in its own cell, even where it touches a
#: neighbour's shadow).
OWN_INSIDE = 0.5
#: ... counting the faint pixels only, every channel this level or above (of 255).
OWN_FAINT = 150


def _own_arc(cells: np.ndarray, whites: np.ndarray, geometry: TokenGeometry,
             rings: np.ndarray | None = None) -> np.ndarray:
    """:data:`ARC` counting only what lies off the white within the cell's own window: per cell
    window (N x window x window x 3 uint8), the pixels below the ceiling in a channel the paper
    clips, grouped into touching blobs; a blob that reaches the window's border is a neighbour's
    piece, its side or its shadow reaching in (or a grid line), and is left out. An ivory
    draught's shaded crescent is a blob of its own inside its cell. 0 where the paper is not
    clipped."""
    at = np.asarray(whites) >= CLIP_LEVEL
    out = np.zeros(len(cells), np.float32)
    rings = geometry.ring if rings is None else rings  # each cell's circles (``cells`` x radii x angles)
    pad = (geometry.window - geometry.ppc) // 2
    # Faint pixels only: a dark piece's body would join a pale neighbour's crescent to itself.
    faint = ((cells < CLIP_LEVEL) & at[:, None, None, :]).any(axis=3) & (cells.min(axis=3) >= OWN_FAINT)
    for n in np.flatnonzero(at.any(axis=1) & faint.any(axis=(1, 2))):
        off = faint[n].astype(np.uint8)
        count, blobs = cv2.connectedComponents(off, connectivity=8)
        everywhere = np.bincount(blobs.ravel(), minlength=count)
        inside = np.bincount(blobs[pad : pad + geometry.ppc, pad : pad + geometry.ppc].ravel(), minlength=count)
        mine = inside >= OWN_INSIDE * everywhere
        mine[0] = False
        out[n] = mine[blobs.ravel()[rings[n]]].any(axis=0).mean()
    return out


def presence(features: np.ndarray) -> np.ndarray:
    """How token-like each cell is (1 at the threshold): a colour off the paper's; or darker or
    lighter than the paper *with* an outline around the centre (a cast shadow is dark but has
    no closed outline); or an outline with a lightness spread (a white stone on white paper)."""
    chroma = np.hypot(features[:, C1], features[:, C2] * 1.5) / 0.18
    outline = features[:, EDGE] / 0.5
    light = np.minimum(np.abs(features[:, L]) / 0.45, outline)
    shape = np.minimum(outline, features[:, SPREAD] / 0.12)
    return np.maximum(chroma, np.maximum(light, shape)).astype(np.float32)


#: A token is pale when even its darkest channel keeps this share of the paper's white: on
#: paper at the sensor's limit such a token may vanish (white, ivory, the palest caps; a pink
#: or periwinkle cap whose darkest channel is at 55-75 % of the white stays plain to see).
PALE_CHANNEL = 0.8
#: A board short of many tokens on clipped paper is refused when more than this share of a
#: player's tokens seen are pale: a desk lamp's glare whitens the tops of a few strongly coloured
#: glossy caps (3 of 16), and one colour's pale shades are a few among darker ones.
PALE_SHARE = 0.5


def pale(features: np.ndarray) -> np.ndarray:
    """True for each token (row of features) whose darkest channel, against the paper's white,
    is above :data:`PALE_CHANNEL`: white, ivory, pastel; a strong red or blue is not."""
    lum, c1, c2 = features[:, L], features[:, C1], features[:, C2]
    green = lum + c2 / 1.5
    red = (3 * lum - green - c1) / 2
    blue = (3 * lum - green + c1) / 2
    return np.minimum(np.minimum(red, green), blue) > math.log(PALE_CHANNEL)


#: Unnamed colours: the tokens seen are black and white ones when this share of them has a hue
#: weaker than :data:`GREY_HUE` (a few ivory draughts among black ones split too unevenly for
#: lightness to look like the players' axis, yet no token has a colour) ...
GREY_SHARE, GREY_HUE = 0.8, 0.25
#: ... or sends back too little coloured light to be a player's colour: its chroma (the hue times
#: its lightness, both against the paper's white) below this.
GREY_CHROMA = 0.12


def colourless(features: np.ndarray) -> np.ndarray:
    """Per token (row of features): True when it shows no player's colour: a weak hue (its
    saturation, :data:`GREY_HUE`), or a dark token whose hue is strong but whose coloured light is
    little (its chroma, :data:`GREY_CHROMA`). The hue is a ratio of channels, and a black token's
    channels are small: a glossy black draught under a warm bare bulb mirrors the warm room and
    takes a hue of 0.3-0.4 (as strong as a pale cap's), yet the colour it adds to the picture is
    a twentieth of the paper's white (0.04-0.08). A few red or blue caps deep in shade come as
    low (0.05-0.1), which is why :func:`grey` asks it of most tokens: on every photoreal frame
    of red and blue tokens at most half of them are colourless, as with the hue alone."""
    hue = np.hypot(features[:, HUE1], 1.5 * features[:, HUE2])
    return np.asarray((hue < GREY_HUE) | (hue * np.exp(features[:, L]) < GREY_CHROMA))


def grey(features: np.ndarray) -> bool:
    """True when the tokens (rows of features) are black, white or grey: no player's colour
    (:data:`GREY_SHARE` of them :func:`colourless`)."""
    if len(features) == 0:
        return False
    return float(colourless(features).mean()) >= GREY_SHARE


def colour_axis(colours: tuple[str, str] | None, features: np.ndarray) -> tuple[int, int]:
    """(feature column, sign) that separates the players: the named colours' axis, or the one
    where the tokens split best (Fisher's criterion of a two-cluster split)."""
    if colours is not None:
        axis, sign = COLOUR_NAMES[colours[0]]
        return (HUE1 if axis == "c1" else L), sign
    scores = {}
    for column in (HUE1, L):
        values = features[:, column]
        if len(values) < 2:
            scores[column] = 0.0
            continue
        split = two_means(values)
        left, right = values[values <= split], values[values > split]
        if min(len(left), len(right)) < BALANCED_SPLIT * len(values):
            # One odd token apart (a cap in the lamp's glare) is not two players' colours: each
            # player has as many tokens as the other, or nearly (the 5 x 5 sliding game: always 12 and 12).
            scores[column] = 0.0
            continue
        spread = math.sqrt((left.var() * len(left) + right.var() * len(right)) / len(values)) + 0.05
        scores[column] = abs(float(right.mean() - left.mean())) / spread
    # Red and blue tokens are the usual case: prefer the chroma axis unless lightness is far better.
    column = HUE1 if scores[HUE1] >= 0.6 * scores[L] else L
    return column, (1 if column == HUE1 else -1)


#: Two clusters of tokens are two players' colours, however close, when each holds a
#: :data:`BALANCED_SPLIT` share and their means lie this many pooled standard deviations apart
#: (one colour's shades split in two make 2.7-3.5; pale red and blue caps in a lamp's glare, 7).
TWO_GROUPS = 4.5


def two_groups(values: np.ndarray, split: float) -> bool:
    """True when ``values`` split at ``split`` are two clear groups (:func:`apart`)."""
    return apart(values[values <= split], values[values > split])


def apart(left: np.ndarray, right: np.ndarray) -> bool:
    """True when two groups of values (a player's tokens each) are balanced and clearly apart:
    their means :data:`TWO_GROUPS` pooled standard deviations from each other."""
    n = len(left) + len(right)
    if min(len(left), len(right)) < max(2, BALANCED_SPLIT * n):
        return False
    pooled = math.sqrt((left.var() * len(left) + right.var() * len(right)) / n) + 0.01
    return abs(float(right.mean() - left.mean())) / pooled >= TWO_GROUPS


#: Two players' tokens split at the widest gap between their values rather than at the two
#: means' best split when that gap is this many times as wide as any other: black draughts
#: whose lit ones look grey on clipped paper make a long tail that the means cut into.
GAP_DOMINANT = 2.0


def widest_gap(values: np.ndarray) -> float | None:
    """The middle of the widest gap between sorted ``values`` when it is :data:`GAP_DOMINANT`
    times any other and leaves a :data:`BALANCED_SPLIT` share on each side; else None."""
    ordered = np.sort(np.asarray(values, np.float64))
    if len(ordered) < 4:
        return None
    gaps = np.diff(ordered)
    best = int(np.argmax(gaps))
    others = np.delete(gaps, best)
    side = min(best + 1, len(ordered) - best - 1)
    if side < BALANCED_SPLIT * len(ordered) or gaps[best] < GAP_DOMINANT * float(others.max()):
        return None
    return float(ordered[best] + ordered[best + 1]) / 2


def two_means(values: np.ndarray) -> float:
    """The threshold of the best two-cluster split of 1-D ``values`` (least within-cluster
    squared error over every split of the sorted values; exact, no iterations)."""
    ordered = np.sort(np.asarray(values, np.float64))
    n = len(ordered)
    if n < 2:
        return float(ordered[0]) if n else 0.0
    k = np.arange(1, n)
    total, squares = np.cumsum(ordered), np.cumsum(ordered**2)
    left = squares[:-1] - total[:-1] ** 2 / k
    right = (squares[-1] - squares[:-1]) - (total[-1] - total[:-1]) ** 2 / (n - k)
    best = int(np.argmin(left + right))
    return float(ordered[best] + ordered[best + 1]) / 2


def _doubt(features: np.ndarray, score: np.ndarray) -> np.ndarray:
    """How token-like a cell below the presence threshold is: its presence score, or its
    geometric mean with the outline's closure (a faint token still has a closed outline)."""
    return np.maximum(score, np.sqrt(score * np.minimum(features[:, EDGE] / 0.5, 2.0)))


def most_faint(max_tokens: int) -> int:
    """How many coloured tokens the count prior may fill up at most as a group: an eighth of the
    box (3 of the 5 x 5 board's 24), at least 2. Without it the physical bench's token game 4 read a
    half-set-up board in shade as full (11 empty cells made tokens), and its setup never ended."""
    return max(2, max_tokens // 8)


def _faint_tokens(
    features: np.ndarray, score: np.ndarray, is_token: np.ndarray, max_tokens: int, achromatic: bool
) -> np.ndarray:
    """The cells below the presence threshold that the game's token count makes tokens: the
    most token-like of the rest (:func:`_doubt`) when a group of just the missing number (two or
    more) stands out of the other cells by :data:`DOUBT_GAP` and above :data:`DOUBT_MIN`; for
    black and white tokens also any of them above :data:`DOUBT_FLOOR` (a white token may differ
    from the paper only a little). A token lifted off the board leaves two holes alike and no
    such group, so it still reads as a hole. Nor is a group of more than :func:`most_faint`
    cells: a board that short of coloured tokens is being set up, and its empty cells in shade
    make a "group" as soon as one cell is left."""
    doubt = _doubt(features, score)
    order = np.flatnonzero(~is_token)
    order = order[np.argsort(-doubt[order])]
    need = max_tokens - int(is_token.sum())
    doubtful, rest = order[:need], order[need:]
    if len(doubtful) == 0:
        return doubtful
    weakest = float(doubt[doubtful].min())
    strongest_left = float(doubt[rest].max()) if len(rest) else 0.0
    grouped = 2 <= len(doubtful) <= most_faint(max_tokens) and weakest >= max(DOUBT_MIN, DOUBT_GAP * strongest_left)
    if grouped:
        return doubtful
    return doubtful[doubt[doubtful] >= DOUBT_FLOOR] if achromatic else doubtful[:0]


#: One-shot on paper at the sensor's ceiling, the game's token count is filled up by the cells
#: whose footprint stands off the paper (:data:`LIFT`): at least this share of it where pale
#: pieces would otherwise be refused as hidden, :data:`LIFT_SURE` in any reading (a tall
#: neighbour's side or shadow reaches a tenth of an empty cell's footprint) ...
LIFT_MIN, LIFT_SURE = 0.01, 0.25
#: ... and this many times the share of any cell left empty (a clean group: a pale piece's
#: shaded side on flat white, where an empty cell's footprint is the flat white itself).
LIFT_GAP = 3.0
#: Where pale pieces would otherwise be refused as hidden, the cells whose outline (:data:`ARC`)
#: is off the white in this share of directions at least fill the count up last, by the same gap
#: (an ivory draught's lit side: a crescent of 4 to 12 of 24 directions; an empty cell's, 0 or 1).
ARC_MIN = 0.15
#: ... and last the cells whose own outline (:data:`OWN`: a neighbour's side or shadow left out)
#: is off the white in this share of directions (ivory crescents: 0.29-0.75 on the boards being
#: set up of ``set-oneshot``, ``set-heldout2`` and ``set-heldout3``; empty cells 0.04 at most there,
#: 0.17 where a stone's shadow lies apart from it).
OWN_SHOWN = 0.25


def _lifted(features: np.ndarray, is_token: np.ndarray, max_tokens: int, lift_min: float,
            column: int = LIFT) -> np.ndarray:
    """The cells not read as tokens that paper at the ceiling shows lifted (``column``:
    :data:`LIFT`, or :data:`ARC`): the
    largest group, of at most the missing number, standing :data:`LIFT_GAP` above every other
    cell left empty and at ``lift_min`` or more. A white stone that clips like the paper has
    no footprint and stays unseen (the reader then refuses the frame, as a person could not
    tell it from the paper either)."""
    lift = features[:, column]
    order = np.flatnonzero(~is_token)
    order = order[np.argsort(-lift[order], kind="stable")]
    values = lift[order]
    need = max_tokens - int(is_token.sum())
    for k in range(min(need, int((values >= lift_min).sum())), 0, -1):
        if values[k - 1] >= LIFT_GAP * (float(values[k]) if k < len(values) else 0.0):
            return order[:k]
    return order[:0]


def classify_oneshot(
    features: np.ndarray,
    codes: tuple[str, ...],
    colours: tuple[str, str] | None,
    max_tokens: int | None,
    lift_min: float | None = None,
    outlines: bool = True,
) -> tuple[list[str], np.ndarray, list[str]]:
    """Labels (a code of ``codes`` or ``.``), margins 0..1 and notes for one image on its own
    (``codes``: the players' token codes, first player first; one code when all tokens are alike).

    ``max_tokens`` is how many tokens the board holds (the sliding game: always the start's, as no
    token ever leaves the board); it is the prior when the picture is ambiguous. Beyond it, the
    least token-like cells are empty; when fewer pass the threshold, the most token-like
    doubtful cells may fill up the count (:func:`_faint_tokens`): a white token on white paper,
    a pale cap whose inside is in shade. ``lift_min`` (paper at the sensor's ceiling): the cells
    whose footprint stands that much off the flat white fill it up too (:func:`_lifted`), and
    at :data:`LIFT_MIN` the outlines' passes after it (:data:`ARC`, :data:`OWN`) unless
    ``outlines`` is False.
    """
    notes: list[str] = []
    score = presence(features)
    is_token = score > 1.0
    margin = np.clip(np.abs(np.log(np.maximum(score, 1e-3))) / 0.5, 0, 1)
    if max_tokens is not None and is_token.sum() > max_tokens:
        # The game has only so many tokens: the least token-like cells are empty.
        order = np.argsort(score)
        extra = int(is_token.sum()) - max_tokens
        weakest = [i for i in order if is_token[i]][:extra]
        is_token[weakest] = False
        margin[weakest] = np.minimum(margin[weakest], 0.3)
        notes.append(f"{len(weakest)} cell(s) looked occupied beyond the game's {max_tokens} tokens")
    elif max_tokens is not None and 0 < is_token.sum() < max_tokens:
        achromatic = colour_axis(colours, features[is_token])[0] == L or (colours is None and grey(features[is_token]))
        faint = _faint_tokens(features, score, is_token, max_tokens, achromatic)
        is_token[faint] = True
        # Their margin: how far the weakest of them stands above the strongest cell left empty.
        doubt = _doubt(features, score)
        if len(faint) and (~is_token).any():
            gap = math.log(float(doubt[faint].min()) / max(float(doubt[~is_token].max()), 0.05))
            margin[faint] = np.minimum(margin[faint], np.clip(gap / 1.5, 0, 1))
        # The outline only where pale pieces would be refused otherwise: a tall neighbour's side
        # reaches into a few directions of an empty cell's circles.
        passes: list[tuple[int, float]] = []
        if lift_min is not None:
            outline_passes = [(ARC, ARC_MIN), (OWN, OWN_SHOWN)] if lift_min <= LIFT_MIN and outlines else []
            passes = [(LIFT, lift_min), *outline_passes]
        for column, least in passes:
            if is_token.sum() >= max_tokens:
                break
            up = _lifted(features, is_token, max_tokens, least, column)
            is_token[up] = True
            if len(up):
                left = float(features[~is_token, column].max()) if (~is_token).any() else 0.0
                gap = math.log(float(features[up, column].min()) / max(left, least / LIFT_GAP))
                margin[up] = np.minimum(margin[up], np.clip(gap / 3, 0.05, 1))
    labels = np.full(len(features), ".", dtype=object)
    tokens = np.flatnonzero(is_token)
    if len(tokens) and len(codes) == 1:
        labels[tokens] = codes[0]  # one kind of token: no colours to tell apart
    elif len(tokens):
        column, sign = colour_axis(colours, features[tokens])
        values = features[tokens, column] * sign  # higher = the first player's colour
        spread_needed = 0.6 if column == HUE1 else 0.8
        # All one colour (a small spread): the value itself decides (paper is 0 on both axes;
        # on the lightness axis a token as light as a pale one, paper at the ceiling too, is white).
        one = 0.0 if column == HUE1 else sign * math.log(PALE_CHANNEL)
        widest = widest_gap(values)
        split = two_means(values) if widest is None else widest
        if float(values.max() - values.min()) < spread_needed and not two_groups(values, split):
            split = one
        first = values > split
        labels[tokens] = np.where(first, codes[0], codes[1])
        spread = max(
            0.15,
            float(np.std(values[first])) if first.sum() > 1 else 0.15,
            float(np.std(values[~first])) if (~first).sum() > 1 else 0.15,
        )
        margin[tokens] = np.minimum(margin[tokens], np.clip(np.abs(values - split) / (3 * spread), 0, 1))
    return list(labels), margin.astype(np.float32), notes


#: Live: a player's tokens' tops "stand off the paper" when, at calibration, the palest of them
#: lies this far (log) beyond the empty cells from the paper's colour, along the direction of
#: their mean colour (:data:`L`, :data:`HUE1`, :data:`HUE2`, against the paper's white): ivory
#: draughts 0.1-0.2 off; white go stones on white paper, whose tops are the paper's colour, less.
TOP_GAP = 0.08
#: ... and then a cell whose top (the colour disc, where the pose puts a token's top) has gone
#: less than this share of the way from the empty cells' colour to the palest top's shows the
#: paper there: it is empty, whatever outline and spread its neighbours' shadows and sides put
#: round it (on the photoreal sets' live frames, the empty cells read as tokens before: 0 % of
#: the way or less; tokens: 26 % at least, a cap open side up whose lit inside fills the disc,
#: 48 % and more the others) ...
TOP_SHOWN = 0.25
#: ... unless its outline is closed: off the paper in this share of directions at least (24 of
#: them). The neighbours' sides and shadows reach in from some sides, never all round; a token's
#: own outline does go all round (a cap open side up whose inside shows the paper's colour).
CLOSED = 0.95
#: Live: the empty cells' presence taken at least this high when the threshold is learnt (the
#: start position's one empty cell can show 0.05 where another empty cell of the game shows 0.17:
#: draughts 1101 of ``set-check5``, ivory stacks; 0.12 and 0.25 on draughts 109 and 113 of ``set``).
EMPTY_SEEN = 0.1


@dataclass
class TokenModel:
    """The players' colours and the paper learnt on the start position (live use).

    Gaussian statistics per label in (L, hue c1, hue c2) for the two players; emptiness is decided by
    :func:`presence` with a threshold halfway (in log) between the empty cells and the least
    token-like token seen at calibration.
    """

    codes: tuple[str, ...]
    means: np.ndarray  # labels x 3
    inv_covs: np.ndarray  # labels x 3 x 3
    log_dets: np.ndarray
    threshold: float
    #: How many times as token-like the weakest token was as the most token-like empty cell at
    #: calibration (about 1 or below: some tokens could not be seen).
    separation: float = math.inf
    #: Per label whose tops stand off the paper (:data:`TOP_GAP`): how far (a share of the mean
    #: top's colour) a cell's top must go from the paper's colour to show such a token, and how
    #: far that cut lies from the empty cells' colour (the margin's scale); -inf and 1 for the
    #: other labels.
    top_cut: np.ndarray | None = None
    top_half: np.ndarray | None = None

    @classmethod
    def fit(cls, features: np.ndarray, labels: list[str], codes: tuple[str, ...]) -> TokenModel:
        """Learn from cells whose labels are known (the start position)."""
        labels_arr = np.array(labels)
        x = features[:, [L, HUE1, HUE2]]
        means, inv_covs, log_dets, cuts, halves = [], [], [], [], []
        empties = x[labels_arr == "."]
        for code in codes:
            rows = x[labels_arr == code]
            if len(rows) == 0:
                raise ValueError(f"no '{code}' token to calibrate on")
            cov = np.cov(rows.T) if len(rows) > 2 else np.zeros((3, 3))
            # How far the palest top stands off the paper (the empty cells, at least the paper's
            # own colour), along the mean top's colour: a share of it, and in log.
            mean = rows.mean(axis=0)
            reach = float(mean @ mean)
            palest = float((rows @ mean).min()) / max(reach, 1e-9)
            paper = max(0.0, float((empties @ mean).max()) / max(reach, 1e-9)) if len(empties) else 0.0
            if (palest - paper) * math.sqrt(reach) >= TOP_GAP:
                cuts.append(paper + TOP_SHOWN * (palest - paper))
                halves.append(TOP_SHOWN * (palest - paper))
            else:
                cuts.append(-math.inf)
                halves.append(1.0)
            # A floor on the spread: new light, another shade of the same colour still fit.
            cov = cov + np.diag([0.25, 0.12, 0.1]) ** 2
            means.append(rows.mean(axis=0))
            inv_covs.append(np.linalg.inv(cov))
            log_dets.append(float(np.linalg.slogdet(cov)[1]))
        score = presence(features)
        token_scores = score[labels_arr != "."]
        empty_scores = score[labels_arr == "."]
        weakest = float(token_scores.min()) if len(token_scores) else 2.0
        empty = float(empty_scores.max()) if len(empty_scores) else 0.3
        # Halfway in log between the empty cells and the weakest token, never above 1 (one-shot's).
        # The start position has one empty cell: as a sample of the empty cells' presence it may
        # fall far below another empty cell's, so they count as at least :data:`EMPTY_SEEN`, or a
        # quarter of the weakest token where tokens are that faint (the threshold then half of it).
        floor = min(EMPTY_SEEN, weakest / 4)
        threshold = min(1.0, math.sqrt(max(weakest, 0.05) * max(empty, floor, 0.05)))
        separation = max(weakest, 0.05) / max(empty, 0.05)
        return cls(tuple(codes), np.array(means), np.array(inv_covs), np.array(log_dets), threshold, separation,
                   np.array(cuts), np.array(halves))

    def classify(self, features: np.ndarray) -> tuple[list[str], np.ndarray]:
        """Labels and margins (0..1) for each row of ``features``."""
        score = presence(features)
        is_token = score > self.threshold
        margin = np.clip(np.abs(np.log(np.maximum(score, 1e-3) / self.threshold)) / 0.5, 0, 1)
        x = features[:, [L, HUE1, HUE2]]
        d = x[:, None, :] - self.means[None]
        logp = -0.5 * np.einsum("nki,kij,nkj->nk", d, self.inv_covs, d) - 0.5 * self.log_dets[None]
        order = np.argsort(-logp, axis=1)
        best = logp[np.arange(len(x)), order[:, 0]]
        # One kind of token: nothing to confuse it with.
        second = logp[np.arange(len(x)), order[:, 1]] if len(self.codes) > 1 else best - np.inf
        colour_margin = 1 - np.exp(-(best - second))
        if self.top_cut is not None and self.top_half is not None and np.isfinite(self.top_cut).any():
            # What the camera sees of an empty cell beside tall or dark pieces: their sides and
            # their shadows (long under a low lamp) reach into its outline's circles, which then
            # look like a faint token's outline; but where a token's top would be it shows the
            # paper. A token whose tops stand off the paper is there only if its top is seen.
            best_k = order[:, 0]
            mean = self.means[best_k]
            shown = np.einsum("ni,ni->n", x, mean) / np.maximum(np.einsum("ni,ni->n", mean, mean), 1e-9)
            judged = is_token & np.isfinite(self.top_cut[best_k]) & (features[:, EDGE] < CLOSED)
            paper = judged & (shown < self.top_cut[best_k])
            is_token &= ~paper
            top_margin = np.clip(np.abs(shown - self.top_cut[best_k]) / self.top_half[best_k], 0, 1)
            margin = np.where(paper, top_margin, np.where(judged, np.minimum(margin, top_margin), margin))
        labels = [self.codes[order[i, 0]] if is_token[i] else "." for i in range(len(x))]
        margin = np.where(is_token, np.minimum(margin, colour_margin), margin)
        return labels, margin.astype(np.float32)
