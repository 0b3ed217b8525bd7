"""The settings a test changes come back however it ends (tests/conftest.py's autouse fixture)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk import canvas, devices, i18n, logs, theme
from tests.conftest import settings_kept


def test_a_test_that_fails_half_way_leaves_no_setting_behind(tmp_path: Path) -> None:
    i18n.set_language("en")  # whatever was there before the test comes back, not a default
    before = (i18n.language(), devices._opener, theme.colour_blind(), canvas._display_scale, list(logs._added))
    with pytest.raises(AssertionError), settings_kept():
        i18n.set_language("fr")
        devices.set_opener(lambda options: devices.Devices())
        theme.set_colour_blind(not theme.colour_blind())
        canvas.set_display_scale(1.5)
        logs.setup_logging(tmp_path / "logs", echo=False)  # an app with a state folder does this
        assert logs._added
        raise AssertionError("a test failing before its own clean-up")
    assert (i18n.language(), devices._opener, theme.colour_blind(), canvas._display_scale, logs._added) == before
