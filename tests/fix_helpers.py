"""Applying fixes in tests: the fixed text, checked to compile, to drop no fix and to be stable
under a second fix."""

from __future__ import annotations

from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.settings import Settings

# The guard of a repair that keeps the Python loop where gradients are recorded
# (fixers/repair_session30.py's while_loop repairs, checked under no_grad in
# tests/test_s30_repair.py): the oracle's runs record gradients and meet the loop.
GRAD_GUARD = "torch.is_grad_enabled()"


def fixed_text(source: str, settings: Settings, *, unsafe: bool = True) -> str:
    outcome = fix_text("example.py", source, settings, unsafe=unsafe)
    assert compiles(outcome.text, "example.py") is None
    assert not outcome.dropped, outcome.dropped
    again = fix_text("example.py", outcome.text, settings, unsafe=unsafe)
    assert again.text == outcome.text, f"second fix changed:\n{outcome.text}\n---\n{again.text}"
    return outcome.text


def assert_rewritten(
    source: str, edits: list[tuple[str, str]], unsafe: bool, settings: Settings
) -> None:
    """The fix makes exactly ``edits`` (text replacements) to ``source``; an unsafe one is
    left out of a safe fix run."""
    expected = source
    for old, new in edits:
        assert old in expected
        expected = expected.replace(old, new)
    assert fixed_text(source, settings, unsafe=unsafe) == expected
    if unsafe:
        assert fixed_text(source, settings, unsafe=False) == source  # not a safe fix


def assert_script_repaired(source: str, fixed: str) -> None:
    """Torch's word on a script repair: the source fails torch.jit.script, the fixed text
    scripts, eager outputs are unchanged, and no other back-end that passed now fails."""
    from .oracle import assert_eager_unchanged, check

    assert not check(source, "script").ok, "nothing to repair"
    assert_eager_unchanged(source, fixed)
    verdict = check(fixed, "script")
    assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
    for backend in ("compile", "export", "trace"):
        if check(source, backend).ok:
            assert check(fixed, backend).ok, f"the fix breaks {backend}:\n{fixed}"
