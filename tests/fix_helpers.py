"""Applying fixes in tests: the fixed text, checked to compile, to drop no fix and to be stable
under a second fix."""

from __future__ import annotations

from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.settings import Settings


def fixed_text(source: str, settings: Settings, *, unsafe: bool = True) -> str:
    outcome = fix_text("example.py", source, settings, unsafe=unsafe)
    assert compiles(outcome.text, "example.py") is None
    assert not outcome.dropped, outcome.dropped
    again = fix_text("example.py", outcome.text, settings, unsafe=unsafe)
    assert again.text == outcome.text, f"second fix changed:\n{outcome.text}\n---\n{again.text}"
    return outcome.text
