"""Stop signals that arrive while the program starts (the standard library's ``signal`` only,
so that ``main.py`` can import this before anything slow: Python's own start-up and the
imports take about a second on a busy kiosk).

``main.py`` calls :func:`catch_early_stops` first thing: a SIGINT, SIGTERM or SIGHUP meanwhile
is noted, not raised (no ``KeyboardInterrupt`` traceback out of an import). A command that only
computes gets the usual handlers back before it works (:func:`release_early_stops`) and stops
at once, exit 0, when a signal came; the kiosk's ``App`` takes the signals over and stops at its
first frame, the same clean way (docs/kiosk.md, "Stopping").
"""

from __future__ import annotations

# The C module under ``signal``: ``signal`` itself imports ``enum`` (30 ms) and ``typing`` would
# add as much, and every millisecond before the handlers are set is a window for a traceback.
import _signal  # type: ignore[import-not-found]  # no stubs: typed by the functions below

#: The signals that stop a command cleanly (the kiosk's too: ``kiosk.app.STOP_SIGNALS``).
START_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
_stopped_early: list[str] = []
_early_handlers: dict[int, object] = {}
_names: dict[int, str] = {}


def catch_early_stops() -> None:
    """Note the stop signals from now on, until :func:`release_early_stops`. A signal the
    parent made the program ignore (``nohup``, a background job) stays ignored, except SIGTERM."""
    for name in START_SIGNALS:
        number = getattr(_signal, name, None)
        if not isinstance(number, int):  # no SIGHUP on Windows
            continue
        previous = _signal.getsignal(number)
        if previous == _signal.SIG_IGN and name != "SIGTERM":
            continue
        _names[number] = name
        _early_handlers[number] = previous
        _signal.signal(number, _note_stop)


def _note_stop(number: int, _frame: object) -> None:
    _stopped_early.append(_names.get(number, str(number)))


def early_stop() -> str | None:
    """The stop signal that arrived while the program started ("SIGINT"...), or None."""
    return _stopped_early[0] if _stopped_early else None


def release_early_stops() -> str | None:
    """Give the stop signals back their usual handlers (Ctrl+C interrupts a computation again);
    returns :func:`early_stop`. Called once a command is about to work, or by the app that takes
    the signals over."""
    while _early_handlers:
        number, previous = _early_handlers.popitem()
        _signal.signal(number, previous)
    return early_stop()
