"""Benchmarks print a table of measurements; collect them and show them at the end."""

import pytest

RESULTS: list[tuple[str, str, str]] = []


@pytest.fixture
def report():
    """``report(name, value, target)`` records one line of the final table."""

    def add(name: str, value: str, target: str = "") -> None:
        RESULTS.append((name, value, target))
        print(f"\n  {name:<48} {value:>14}   {target}")

    return add


def pytest_terminal_summary(terminalreporter):
    if RESULTS:
        terminalreporter.section("measurements")
        for name, value, target in RESULTS:
            terminalreporter.write_line(f"{name:<52} {value:>14}   {target}")
