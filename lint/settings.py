"""Resolved settings for one run: which rules, which back-ends, which files."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from torchlint.lint.diagnostics import TARGETS

# The default selection: every installed rule (a user's own rule pack included: its codes need
# not start TL) except the opt-in families. TL5xx (migration off TorchScript) is opt-in: a
# project that keeps TorchScript support on purpose would see mostly those (timm: 700 of 826
# findings), while the default run answers "what breaks my graphs?". Any explicit selection
# that matches them (`--select TL5`, `--extend-select TL501`, `select = ["ALL"]`) brings them
# back, as ruff does for the families it leaves out of its defaults.
DEFAULT_SELECT: tuple[str, ...] = ("ALL",)
OPT_IN: tuple[str, ...] = ("TL5",)
# The paths a report can be about (``--mode``); a finding's ``mode`` says which path its code
# needs (see lint/conditions.py).
MODES: tuple[str, ...] = ("all", "inference", "training")


def kept_in_mode(mode: str, needed: Optional[str]) -> bool:
    """Whether a finding whose code runs only in mode ``needed`` (None: in both) is reported
    by a run about ``mode``."""
    return mode == "all" or needed is None or needed == mode


@dataclass
class Settings:
    targets: tuple[str, ...] = TARGETS
    # True when the user named the targets: ``--target script`` makes every nn.Module.forward a
    # scripting root ("can this be scripted?").
    targets_explicit: bool = False
    # None: the default selection (DEFAULT_SELECT without the OPT_IN families).
    select: Optional[tuple[str, ...]] = None
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    per_file_ignores: dict[str, tuple[str, ...]] = field(default_factory=dict)
    exclude: tuple[str, ...] = ()
    extend_exclude: tuple[str, ...] = ()
    respect_gitignore: bool = True
    unsafe_fixes: bool = False
    # Which path of the model the report is about: "inference" drops findings on code that
    # runs only in training mode (under `self.training`, given labels), "training" the reverse.
    mode: str = "all"
    cache_dir: Optional[str] = None
    project_root: Optional[str] = None

    @property
    def script_all_modules(self) -> bool:
        return self.targets_explicit and "script" in self.targets

    def rule_selected(self, code: str, name: str) -> bool:
        """ruff-style selection: the most specific matching selector wins, an ignore on a tie;
        a rule's name is the same selector as its code."""
        if self.select is not None:
            best_base = _best_match(code, name, self.select)
        elif _best_match(code, name, OPT_IN) >= 0:
            best_base = -1  # an opt-in family: only extend-select brings it in
        else:
            best_base = _best_match(code, name, DEFAULT_SELECT)
        best_select = max(best_base, _best_match(code, name, self.extend_select))
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
                code,
                name,
                tuple(s for s in (*(self.select or ()), *self.extend_select) if s != "ALL"),
            )
            >= 0
        )


def _best_match(code: str, name: str, selectors: tuple[str, ...]) -> int:
    """How specific the most specific of ``selectors`` matching the rule is (-1: none does).
    A name stands for its rule's code, so it is as specific as the full code: with
    ``--select print-in-graph --ignore TL301`` the two tie, and the ignore wins."""
    best = -1
    for selector in selectors:
        if selector == name:
            best = max(best, len(code))
        elif selector == "ALL":  # the least specific selector: any prefix or name beats it
            best = max(best, 0)
        elif code.startswith(selector):
            best = max(best, len(selector))
    return best
