"""Resolved settings for one run: which rules, which back-ends, which files."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from torchlint.lint.diagnostics import TARGETS


@dataclass
class Settings:
    targets: tuple[str, ...] = TARGETS
    # True when the user named the targets: ``--target script`` makes every nn.Module.forward a
    # scripting root ("can this be scripted?").
    targets_explicit: bool = False
    # ALL: every installed rule, a user's own rule pack included (its codes need not start TL).
    select: tuple[str, ...] = ("ALL",)
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    per_file_ignores: dict[str, tuple[str, ...]] = field(default_factory=dict)
    exclude: tuple[str, ...] = ()
    extend_exclude: tuple[str, ...] = ()
    respect_gitignore: bool = True
    unsafe_fixes: bool = False
    cache_dir: Optional[str] = None
    project_root: Optional[str] = None

    @property
    def script_all_modules(self) -> bool:
        return self.targets_explicit and "script" in self.targets

    def rule_selected(self, code: str, name: str) -> bool:
        """ruff-style selection: the most specific matching prefix (or exact name) wins."""
        best_select = _best_match(code, name, (*self.select, *self.extend_select))
        best_ignore = _best_match(code, name, self.ignore)
        if best_select < 0:
            return False
        return best_ignore < best_select

    def keeps_targets(self, targets: tuple[str, ...], code: str = "", name: str = "") -> bool:
        """Whether a finding that breaks ``targets`` is kept.

        One that breaks a selected back-end is. One that breaks none (performance, migration)
        is kept unless the user named back-ends: ``--target compile`` answers "where does
        compile break?", so such findings then need selecting by code, prefix or name
        (``--extend-select TL4``).
        """
        if targets:
            return any(t in self.targets for t in targets)
        if not self.targets_explicit:
            return True
        return (
            _best_match(
                code, name, tuple(s for s in (*self.select, *self.extend_select) if s != "ALL")
            )
            >= 0
        )


def _best_match(code: str, name: str, selectors: tuple[str, ...]) -> int:
    best = -1
    for selector in selectors:
        if selector == name:
            best = max(best, 100)
        elif selector == "ALL":  # the least specific selector: any prefix or name beats it
            best = max(best, 0)
        elif code.startswith(selector):
            best = max(best, len(selector))
    return best
