"""The logical canvas drawn at native resolution: sizes, letterbox, input mapping, sharpness."""

from __future__ import annotations

import ctypes
import gc
import mmap
import sys
import threading
import time
from collections.abc import Callable

import numpy as np
import pygame
import pytest

from games.registry import installed_games
from kiosk import canvas as canvas_module
from kiosk import draw, ui
from kiosk.app import App, AppOptions
from kiosk.canvas import (
    Canvas,
    blit,
    copy_rect,
    fit,
    make_layer,
    native_sprite,
    pixel_bytes,
    scaled_image,
    set_display_scale,
)
from kiosk.menu import MenuScene, card_layout
from kiosk.scene import Scene


class Recorder(Scene):
    """A scene that remembers the events it receives."""

    name = "recorder"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.events: list[pygame.event.Event] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.events.append(event)
        return True


def open_app(size: tuple[int, int], **options: object) -> App:
    return App(AppOptions(frames=1, size=size, seed=1, mute=True, **options))  # type: ignore[arg-type]


def rgb(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).astype(np.int32)  # (width, height, 3)


def test_fit_letterboxes_other_shapes():
    assert fit((1920, 1080)) == (1.5, (0, 0))
    assert fit((3840, 2160)) == (3.0, (0, 0))
    scale, offset = fit((1024, 768))  # 4:3: bars above and below
    assert scale == 0.8 and offset == (0, 96)
    scale, offset = fit((2560, 1080))  # ultra-wide: bars left and right
    assert scale == 1.5 and offset == (320, 0)


def test_coordinates_round_trip_and_rectangles_still_touch():
    canvas = Canvas(pygame.Surface((1920, 1080)))
    assert canvas.get_size() == (1280, 720) and canvas.get_rect() == pygame.Rect(0, 0, 1280, 720)
    assert canvas.to_native((100, 200)) == (150, 300)
    assert canvas.to_logical((150, 300)) == (100, 200)
    left, right = canvas.to_native_rect((0, 0, 33, 10)), canvas.to_native_rect((33, 0, 33, 10))
    assert left.right == right.left  # edges rounded, not sizes: no gap, no overlap


def test_a_canvas_never_draws_on_the_bars():
    surface = pygame.Surface((1024, 768))
    surface.fill((1, 2, 3))
    canvas = Canvas(surface)
    canvas.fill((200, 0, 0))
    draw.circle(canvas, (0, 200, 0), (640, -50), 300)  # reaches above the canvas
    pixels = rgb(surface)
    assert (pixels[:, :96] == (1, 2, 3)).all() and (pixels[:, 96 + 576 :] == (1, 2, 3)).all()
    assert (pixels[10, 400] == (200, 0, 0)).all()


def test_at_scale_one_drawing_matches_pygame_draw():
    plain, target = pygame.Surface((200, 120)), pygame.Surface((200, 120))
    canvas = Canvas(target, (200, 120))
    for surface, module in ((plain, pygame.draw), (canvas, draw)):
        surface.fill((250, 240, 230))
        module.rect(surface, (200, 40, 40), pygame.Rect(10, 10, 80, 50), border_radius=12)
        module.circle(surface, (40, 40, 200), (140, 60), 30, 4)
        module.line(surface, (0, 0, 0), (5, 110), (195, 90), 3)
        module.polygon(surface, (0, 150, 0), [(20, 100), (60, 70), (90, 110)])
        module.arc(surface, (90, 0, 90), pygame.Rect(100, 10, 80, 40), 0, 3, 2)
        module.ellipse(surface, (0, 120, 120), pygame.Rect(120, 90, 60, 20))
    assert (rgb(plain) == rgb(target)).all()


def test_shapes_scale_with_the_screen():
    target = pygame.Surface((3840, 2160))
    canvas = Canvas(target)
    drawn = draw.rect(canvas, (255, 0, 0), pygame.Rect(100, 100, 10, 10), width=2)
    assert drawn == pygame.Rect(100, 100, 10, 10)
    assert target.get_at((300, 305))[:3] == (255, 0, 0)  # the 2 px outline is 6 native px thick
    assert target.get_at((305, 305))[:3] == (255, 0, 0) and target.get_at((306, 315))[:3] != (255, 0, 0)


def test_plain_surfaces_are_scaled_once_and_forgotten_with_them():
    canvas = Canvas(pygame.Surface((1920, 1080)))
    sprite = pygame.Surface((40, 20))
    sprite.fill((10, 200, 10))
    canvas.blit(sprite, (0, 0))
    first = scaled_image(sprite, 1.5)
    assert first.get_size() == (60, 30)
    canvas.blit(sprite, (100, 100))
    assert scaled_image(sprite, 1.5) is first  # cached, not scaled every frame
    from kiosk import canvas as module

    count = len(module._scaled)
    del sprite, first
    gc.collect()
    assert len(module._scaled) == count - 1  # a weak cache: no id reuse, no leak


def dot_sprite(calls: list[float]) -> Callable[..., pygame.Surface]:
    """A native sprite (a white disc) that notes the scale of each drawing."""

    @native_sprite
    def dot(radius: int, scale: float = 1.0) -> Canvas:
        calls.append(scale)
        image = make_layer((2 * radius, 2 * radius), scale, alpha=True)
        draw.circle(image, (255, 255, 255), (radius, radius), radius)
        return image

    return dot


def test_native_sprites_are_drawn_again_at_the_screen_scale():
    set_display_scale(1.0)
    calls: list[float] = []
    logical = dot_sprite(calls)(10)
    assert logical.get_size() == (20, 20) and calls == [1.0]
    canvas = Canvas(pygame.Surface((3840, 2160)))
    canvas.blit(logical, (100, 100))
    assert calls == [1.0, 3.0] and scaled_image(logical, 3.0).get_size() == (60, 60)


def test_native_sprites_are_drawn_once_at_the_display_scale():
    calls: list[float] = []
    set_display_scale(1.5)
    try:
        logical = dot_sprite(calls)(10)
        assert logical.get_size() == (20, 20) and calls == [1.5]  # one drawing, at the screen's scale
        screen = Canvas(pygame.Surface((1920, 1080)))
        screen.blit(logical, (100, 100))
        assert calls == [1.5] and screen.target.get_at(screen.to_native((110, 110)))[:3] == (255, 255, 255)
        plain = pygame.Surface((40, 40))
        blit(plain, logical, (0, 0))  # a scale-1 target: the logical image is painted now, once
        assert calls == [1.5, 1.0] and plain.get_at((10, 10))[:3] == (255, 255, 255)
        assert logical.get_at((10, 10))[:3] == (255, 255, 255) and logical.get_at((0, 0)).a == 0
        blit(plain, logical, (0, 0))
        assert calls == [1.5, 1.0]
    finally:
        set_display_scale(1.0)


def resident_bytes(image: pygame.Surface) -> int:
    """Bytes of ``image``'s pixels held in memory (Linux ``mincore``), pages in whole."""
    page = mmap.PAGESIZE
    start = image._pixels_address - image._pixels_address % page
    pages = (image._pixels_address + pixel_bytes(image) - start + page - 1) // page
    held = (ctypes.c_ubyte * pages)()
    assert ctypes.CDLL(None, use_errno=True).mincore(ctypes.c_void_p(start), ctypes.c_size_t(pages * page), held) == 0
    return sum(flag & 1 for flag in held) * page


def test_a_native_sprites_blank_logical_image_costs_no_memory_until_painted():
    """At 1080p a native sprite's logical image stays blank (issue 22): it must not be resident,
    where a zero-filled Surface of the same size is (3.7 MB per full-screen layer)."""
    size, count = (640, 360), 16
    layers = {alpha: make_layer(size, 1.5, alpha) for alpha in (False, True)}  # resident before

    @native_sprite
    def sprite(index: int, alpha: bool, scale: float = 1.0) -> Canvas:
        if scale != 1:
            return layers[alpha]
        painted = make_layer(size, scale, alpha)
        painted.fill((255, 255, 255))
        return painted

    set_display_scale(1.5)
    try:
        images = [sprite(index, index % 2 == 0) for index in range(count)]
    finally:
        set_display_scale(1.0)
    reference = pygame.Surface(size)
    assert resident_bytes(reference) >= pixel_bytes(reference)  # the measure sees a zero-filled Surface
    assert sum(resident_bytes(image) for image in images) == 0
    for index, image in enumerate(images):
        alpha = index % 2 == 0
        assert image.get_size() == size and image.get_rect(center=(0, 0)).size == size
        assert bool(image.get_flags() & pygame.SRCALPHA) == alpha and image.get_bitsize() == 32
        assert tuple(image.get_at((5, 5))) == ((0, 0, 0, 0) if alpha else (0, 0, 0, 255))
    gc.collect()  # the pixels live as long as their surface
    images[1].fill((200, 10, 30))  # a caller drawing on one blank touches no other
    assert images[1].get_at((5, 5))[:3] == (200, 10, 30) and images[3].get_at((5, 5))[:3] == (0, 0, 0)
    plain = pygame.Surface(size)
    blit(plain, images[3], (0, 0))  # painted at scale 1, alone
    assert plain.get_at((5, 5))[:3] == images[3].get_at((5, 5))[:3] == (255, 255, 255)
    assert images[5].get_at((5, 5))[:3] == (0, 0, 0)


def test_text_is_rendered_at_the_native_font_size():
    canvas = Canvas(pygame.Surface((1920, 1080)))
    image = ui.text_surface("Lewthwaite", 40, (0, 0, 0), "title")
    native = scaled_image(image, canvas.scale)
    assert native.get_height() == ui.theme.font(60, "title").size("Lewthwaite")[1]


class _CountingFont:
    """A font that notes the pixel size of each text it renders."""

    def __init__(self, font: pygame.font.Font, size: int, rendered: list[int]) -> None:
        self.font, self.pixels, self.rendered = font, size, rendered

    def render(self, text: str, antialias: bool, color: tuple[int, int, int]) -> pygame.Surface:
        self.rendered.append(self.pixels)
        return self.font.render(text, antialias, color)

    def size(self, text: str) -> tuple[int, int]:
        return self.font.size(text)


def test_text_at_1080p_is_rendered_at_the_logical_size_only_when_a_scale_one_target_asks(monkeypatch):
    # Issue 43: every label was rendered twice at 1080p, at 28 px for its logical image (never
    # blitted there) and at 42 px for the canvas.
    rendered: list[int] = []
    font = ui.theme.font
    monkeypatch.setattr(ui.theme, "font", lambda size, kind="text": _CountingFont(font(size, kind), size, rendered))
    text = "Issue 43: only the native label"
    set_display_scale(1.5)
    try:
        screen = Canvas(pygame.Surface((1920, 1080)))
        rect = ui.draw_text(screen, text, (10, 10), 28)
        assert rendered == [42]
        assert rect.size == font(28).size(text)  # placed at the logical size, as before
        small = pygame.Surface((1280, 720))
        ui.draw_text(small, text, (10, 10), 28)  # a scale-1 target: the logical picture, now
        assert rendered == [42, 28]
        expected = pygame.Surface((1280, 720))
        expected.blit(font(28).render(text, True, ui.theme.INK), (10, 10))
        assert pygame.image.tobytes(small, "RGB") == pygame.image.tobytes(expected, "RGB")
        ui.draw_text(Canvas(pygame.Surface((1280, 720))), text, (10, 10), 28)
        assert rendered == [42, 28]  # painted once, for good
    finally:
        set_display_scale(1.0)


def test_screenshot_at_1920x1080_is_native_and_sharp(tmp_path):
    shots = {}
    for name, size in (("native", (1920, 1080)), ("logical", (1280, 720))):
        app = open_app(size, screenshot=str(tmp_path / f"{name}.png"))
        app.run(MenuScene(app))
        shots[name] = pygame.image.load(str(tmp_path / f"{name}.png"))
    assert shots["native"].get_size() == (1920, 1080)
    native = rgb(shots["native"])
    nearest = rgb(pygame.transform.scale(shots["logical"], (1920, 1080)))  # the old SCALED look
    smooth = rgb(pygame.transform.smoothscale(shots["logical"], (1920, 1080)))
    layout = card_layout(len(installed_games()))  # the heading's place depends on how many games
    top, bottom = round(layout.heading_at * 1.5), round((layout.heading_at + layout.heading_size * 1.2) * 1.5)
    title = (slice(400, 1520), slice(top, bottom))  # "Jeux mathématiques"
    ink = native[title].sum(axis=2) < 300
    assert ink.mean() > 0.1  # the title is there

    def duplicated_columns(pixels: np.ndarray) -> float:
        """Among columns crossing a glyph, the share identical to the column on their left."""
        inked = (pixels.sum(axis=2) < 300).any(axis=1)
        same = (pixels[1:] == pixels[:-1]).all(axis=(1, 2))
        return float(same[inked[1:] & inked[:-1]].mean())

    def edge_energy(pixels: np.ndarray) -> float:
        """Root mean square of the horizontal steps: steep edges score high, blurred ones low."""
        return float(np.sqrt((np.diff(pixels.sum(axis=2), axis=0) ** 2).mean()))

    # Nearest-neighbour upscaling repeats every other logical column: blocky steps on every glyph.
    assert duplicated_columns(nearest[title]) > 0.3
    assert duplicated_columns(native[title]) < 0.1
    # And the native render is as crisp as a true edge: steeper than a smooth (blurry) upscale.
    assert edge_energy(native[title]) > 1.2 * edge_energy(smooth[title])


@pytest.mark.parametrize(("size", "native_pos", "logical_pos"), [
    ((1920, 1080), (960, 540), (640, 360)),
    ((1024, 768), (512, 96 + 288), (640, 360)),  # letterboxed: bars of 96 px above and below
])
def test_mouse_and_touch_positions_reach_scenes_in_logical_units(size, native_pos, logical_pos):
    app = open_app(size)
    scene = Recorder(app)
    app.start(scene)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=native_pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=native_pos, rel=(30, 15), buttons=(0, 0, 0)))
    width, height = size
    pygame.event.post(pygame.event.Event(
        pygame.FINGERDOWN, x=native_pos[0] / width, y=native_pos[1] / height, dx=0.0, dy=0.0, touch_id=0, finger_id=0,
    ))
    app.tick()
    down, motion, finger = scene.events[:3]
    assert down.pos == logical_pos and motion.pos == logical_pos
    assert motion.rel == (round(30 / app.screen.scale), round(15 / app.screen.scale))
    assert finger.pos == logical_pos and finger.x == pytest.approx(0.5) and finger.y == pytest.approx(0.5)


def test_window_size_follows_the_option_headless():
    app = open_app((1920, 1080))
    assert app.display.get_size() == (1920, 1080) and app.screen.scale == 1.5
    assert app.screen.get_size() == (1280, 720)


def test_a_window_never_hangs_off_the_screen(monkeypatch):
    app = open_app((1280, 720))
    monkeypatch.setattr(App, "_has_screen", staticmethod(lambda: True))
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    width, height = app._window_size((1920, 1080))
    assert width <= 1920 * 0.96 and height <= 1080 * 0.90 and abs(width / height - 16 / 9) < 0.01
    assert app._window_size((1280, 720)) == (1280, 720)
    assert app._fullscreen_size() == (1920, 1080)  # full screen: the desktop's own size


def test_full_screen_hides_the_cursor_for_touch_and_gamepads_until_the_mouse_moves():
    app = open_app((1920, 1080), fullscreen=True)
    app.start(Recorder(app))
    assert app.display.get_size() == (1920, 1080) and not pygame.mouse.get_visible()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0), touch=False))
    app.tick()
    assert pygame.mouse.get_visible()
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0.0, dy=0.0, touch_id=0, finger_id=0))
    app.tick()
    assert not pygame.mouse.get_visible()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0), touch=True))
    app.tick()
    assert not pygame.mouse.get_visible()  # SDL's mouse events made from a touch do not count
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0), touch=False))
    app.tick()
    assert pygame.mouse.get_visible()
    pygame.mouse.set_visible(True)


def test_panel_shadows_are_made_once_not_every_frame_and_kept_within_a_budget(monkeypatch):
    canvas = Canvas(pygame.Surface((1920, 1080)))
    ui._shadows.clear()
    ui._blurred_rect.cache_clear()  # an earlier test's panel of the same size left its template
    ui._shadow_pieces.cache_clear()  # ... and its slices
    made: list[int] = []
    smoothscale = pygame.transform.smoothscale

    def counted(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        made.append(1)
        return smoothscale(surface, size)

    monkeypatch.setattr(pygame.transform, "smoothscale", counted)
    for _ in range(5):
        ui.draw_panel(canvas, pygame.Rect(100, 100, 300, 200))
    assert len(made) == 2 and not ui._shadows  # two scalings, once (the template); sliced, no image kept
    for k in range(200):  # a card popping in: a new size every frame
        ui.draw_panel(canvas, pygame.Rect(100, 100, 300 + 4 * k, 200 + 2 * k))
    assert sum(s.get_width() * s.get_height() * 4 for s in ui._shadows.values()) <= ui.SHADOW_BUDGET


def test_a_shadow_blits_while_another_thread_makes_its_pieces_again():
    # CI: a shadow's pieces, evicted, were made again on a thread drawing ahead from the kept
    # template, which scaling its slices locked, while the frame thread blitted that same kept
    # template: "Surfaces must not be locked during blit" (2,600 of 3,000 shadows here before).
    target = pygame.Surface((1920, 1080))
    ui._shadow_pieces.cache_clear()
    stop = threading.Event()

    def make_again() -> None:
        while not stop.is_set():
            ui._shadow_pieces.cache_clear()
            ui._shadow_pieces(33, 9, 70)

    thread = threading.Thread(target=make_again)
    thread.start()
    failed: list[str] = []
    try:
        for _ in range(3000):
            try:
                ui.draw_shadow(target, pygame.Rect(1311, 619, 564, 426), 33, 9, covered=True)
            except pygame.error as error:
                failed.append(str(error))
    finally:
        stop.set()
        thread.join()
    assert failed == []


def _blit_while(other: Callable[[], None], blit_once: Callable[[], None], times: int) -> list[str]:
    """``blit_once()`` ``times`` times while another thread runs ``other()`` over and over; the
    pygame errors either raised."""
    stop = threading.Event()
    failed: list[str] = []

    def again() -> None:
        while not stop.is_set():
            try:
                other()
            except pygame.error as error:
                failed.append(f"other thread: {error}")

    thread = threading.Thread(target=again)
    thread.start()
    try:
        for _ in range(times):
            try:
                blit_once()
            except pygame.error as error:
                failed.append(str(error))
    finally:
        stop.set()
        thread.join()
    return failed


def test_a_plain_image_blits_while_another_thread_scales_it():
    # A plain logical image (not drawn again at a scale) blitted 1:1 by one thread while a thread
    # drawing at another scale made its scaled copy: smoothscale locked the kept image itself
    # with the interpreter lock released, and the blit failed ("Surfaces must not be locked
    # during blit": 3,000 of 3,000 here before).
    image = pygame.Surface((640, 360), pygame.SRCALPHA)
    image.fill((200, 100, 50, 128))
    screen, plain = Canvas(pygame.Surface((1920, 1080))), pygame.Surface((640, 360))

    def scale_again() -> None:
        canvas_module._scaled.pop(image, None)
        screen.blit(image, (0, 0))

    assert _blit_while(scale_again, lambda: blit(plain, image, (0, 0)), 3000) == []
    assert screen.target.get_at((5, 5)) == plain.get_at((5, 5))  # scaled, the same picture


def test_a_native_sprite_asked_by_two_threads_at_scale_one_is_never_taken_blank():
    # A native sprite's logical image, blank at 1080p, is painted when a scale-1 target first asks
    # for it; it was said painted before it was: a thread asking meanwhile blitted the blank.
    painting = threading.Event()

    @native_sprite
    def dot(scale: float = 1.0) -> Canvas:
        layer = make_layer((20, 20), scale, alpha=True)
        if scale == 1:
            painting.set()
            time.sleep(0.2)  # clock(wait): holds the painting thread while the other asks (load only widens it)
        draw.circle(layer, (255, 255, 255), (10, 10), 8)
        return layer

    set_display_scale(1.5)
    try:
        logical = dot()
    finally:
        set_display_scale(1.0)
    first = threading.Thread(target=blit, args=(pygame.Surface((20, 20)), logical, (0, 0)))
    first.start()
    assert painting.wait(10)  # clock(wait): the first thread is painting (a bound, never reached)
    plain = pygame.Surface((20, 20))
    blit(plain, logical, (0, 0))
    first.join()
    assert plain.get_at((10, 10))[:3] == (255, 255, 255)


def test_shadows_of_many_sizes_asked_by_two_threads_keep_their_cache_whole(monkeypatch):
    # Shadows too small to slice are kept per size in one dict, shared by the frame thread and
    # the threads drawing ahead: summing it while another thread added one raised "OrderedDict
    # mutated during iteration", moving a key another thread had just evicted a KeyError.
    monkeypatch.setattr(ui, "SHADOW_BUDGET", 40_000)
    ui._shadows.clear()
    sizes = [(w, h) for w in range(20, 60, 3) for h in range(20, 60, 7)]
    errors: list[str] = []
    target = pygame.Surface((200, 200))

    def ask(offset: int) -> None:
        try:
            for _ in range(40):
                for w, h in sizes[offset:] + sizes[:offset]:
                    ui.draw_shadow(target, pygame.Rect(50, 50, w, h), 6, 4)
        except (RuntimeError, KeyError) as error:
            errors.append(repr(error))

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads take turns as often as they can
    try:
        threads = [threading.Thread(target=ask, args=(k * 7,)) for k in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(old)
    assert errors == []


@pytest.mark.parametrize("scale", [1.5, 2.0, 0.75])
def test_the_lines_of_a_left_aligned_paragraph_share_their_left_edge(scale):
    # At 1920x1080 a line drawn again at size * scale was centred where the stretched line would
    # be: a long line started left of a short one, which looked like a leading space.
    pygame.font.init()
    layer = make_layer((700, 200), scale)
    layer.fill((255, 255, 255))
    text = ("The computer plays at random on both sides. The more games it plays, the closer the first "
            "player's share of wins gets to the exact value, computed over every possible game.")
    ui.draw_paragraph(layer, text, pygame.Rect(20, 10, 660, 180), 20, (0, 0, 0))
    ink = pygame.surfarray.array3d(layer.target).sum(axis=2) < 400  # (x, y) dark pixels
    step = round(20 * 1.3 * scale)
    lefts = []
    for k in range(3):
        band = ink[:, round(10 * scale) + k * step: round(10 * scale) + (k + 1) * step]
        columns = np.nonzero(band.any(axis=1))[0]
        lefts.append(int(columns[0]))
    assert max(lefts) - min(lefts) <= max(2, round(2 * scale)), lefts


def test_a_card_popping_in_again_makes_no_shadow_image_a_frame(monkeypatch):
    # Issue 43: the second end card of a visit popped in through the sizes of the first one,
    # each "asked again", so each became a new screen-sized shadow image (500-1,600 page faults
    # a frame at 1080p); a size is sliced onto the target whenever it is asked.
    canvas = Canvas(pygame.Surface((1920, 1080)))
    ui._shadows.clear()
    made: list[tuple[int, int]] = []
    sliced = ui._sliced_shadow

    def counted(size: tuple[int, int], radius: int, blur: int, alpha: int) -> pygame.Surface:
        made.append(size)
        return sliced(size, radius, blur, alpha)

    monkeypatch.setattr(ui, "_sliced_shadow", counted)
    sizes = [(round(820 * k / 40), round(420 * k / 40)) for k in range(10, 41)]
    for pop_in in range(3):
        for width, height in sizes:
            ui.draw_panel(canvas, pygame.Rect(640 - width // 2, 390 - height // 2, width, height), radius=32, shadow=16)
        if pop_in == 0:
            made.clear()  # the first pop-in kept the small sizes (too small to slice), once
    assert made == []
    for _frame in range(3):  # a card drawn again at every frame (a question's veil fading in)
        ui.draw_panel(canvas, pygame.Rect(230, 180, 820, 420), radius=32, shadow=16)
    assert made == []


def test_two_cards_shadow_pieces_are_made_once_each(monkeypatch):
    # Issue 43: the end card's and the question's shadow pieces (stretched to the screen's size:
    # 4.6 MB each at 1080p) did not fit their budget together: each card made its pieces again
    # (1,100-1,900 page faults in its first frame). Tiles fit: each shape's pieces are made once.
    canvas = Canvas(pygame.Surface((1920, 1080)))
    ui._shadows.clear()
    ui._shadow_pieces.cache_clear()
    made: list[tuple[int, int]] = []
    pieces = ui._shadow_pieces.function

    def counted(radius: int, blur: int, alpha: int) -> tuple[pygame.Surface, ...]:
        made.append((radius, blur))
        return pieces(radius, blur, alpha)

    monkeypatch.setattr(ui._shadow_pieces, "function", counted)
    for k in range(4):  # the end card, then the question, again and again (a new size each time)
        ui.draw_panel(canvas, pygame.Rect(230, 180, 820 + 40 * k, 420), radius=32, shadow=16)
        ui.draw_panel(canvas, pygame.Rect(240, 170, 800 + 40 * k, 380), radius=36, shadow=16)
    assert sorted(made) == [(48, 24), (54, 24)]


def test_a_copy_cut_at_a_cache_line_is_the_blit() -> None:
    """copy_rect copies in two blits (SDL's aligned copy is slow mid cache line): the pixels of
    one blit, for any destination, area and clip, the area crossing the source's edges too."""
    rng = np.random.default_rng(7)
    source = pygame.Surface((300, 200))
    pygame.surfarray.pixels2d(source)[:] = rng.integers(0, 2**24, (300, 200))
    for _ in range(2000):
        one, two = pygame.Surface((1024, 181)), pygame.Surface((1024, 181))
        one.fill((9, 9, 9))
        two.fill((9, 9, 9))
        if rng.random() < 0.7:
            clip = pygame.Rect(*rng.integers(-20, 250, 2), *rng.integers(0, 300, 2))
            one.set_clip(clip)
            two.set_clip(clip)
        dest = (int(rng.integers(-60, 260)), int(rng.integers(-60, 190)))
        area = pygame.Rect(*rng.integers(-30, 290, 2), *rng.integers(0, 320, 2)) if rng.random() < 0.8 else None
        one.blit(source, dest, area)
        copy_rect(two, source, dest, area)
        assert pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(two, "RGB"), (dest, area, one.get_clip())


def test_a_ghost_copied_from_a_native_sprite_at_1080p_shows_its_picture():
    # The physical setup's ghosts are copies of the board's sprites (their see-through level is
    # their own): at 1080p a native sprite's logical image is blank until a scale-1 target asks,
    # and ``copy()`` copied the blank (the ghost tiles and tokens were invisible).
    from games.lewthwaite.scene import RED, _ghost_token
    from games.lightning.tiles import Tile
    from games.lightning.view import ghost_tile

    set_display_scale(1.5)
    try:
        ghosts = [ghost_tile(Tile("I", 0), (200, 30, 30), 61), _ghost_token(RED, 59)]
    finally:
        set_display_scale(1.0)
    for ghost in ghosts:
        screen = Canvas(pygame.Surface((1920, 1080), pygame.SRCALPHA))
        ghost.set_alpha(128)
        screen.blit(ghost, (100, 100))
        drawn = screen.target.get_bounding_rect()
        assert drawn.width >= ghost.get_width() and 100 <= screen.target.get_at(drawn.center).a <= 128
        plain = pygame.Surface(ghost.get_size(), pygame.SRCALPHA)
        blit(plain, ghost, (0, 0))  # at scale 1 too
        assert plain.get_bounding_rect().width > 0
