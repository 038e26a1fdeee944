"""What a run reports of what the analysis found: rule selection, per-file ignores,
suppressions (with TL001's unused-suppression findings) and target selection, in that order.

A ``lint_files`` run analyses every installed rule and applies these here, after the analysis
or after the cache: a cached result serves any ``--select``, ``--ignore`` or ``--target``, so
changing them re-reports, it does not re-lint. TL001 is judged here too, since whether a
directive suppressed anything depends on the rules selected. libcst-free: a run whose results
all come from the cache imports no parser.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Optional

from torchlint.lint.config import per_file_ignored
from torchlint.lint.diagnostics import Diagnostic, FileError
from torchlint.lint.settings import Settings, kept_in_mode
from torchlint.lint.suppressions import UNUSED_SUPPRESSION_CODE, Directive, apply_directives


@dataclass
class Findings:
    """Everything the analysis of one file found, before anything is selected."""

    # Every rule's findings, suppressed ones included, messages not yet narrowed to a run's
    # back-ends (``Diagnostic.template`` kept).
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # The file's suppression comments, none marked used.
    directives: list[Directive] = field(default_factory=list)
    # (code, name) of the rules that ran on the file: only their codes can be judged unused.
    ran: list[tuple[str, str]] = field(default_factory=list)
    # Every installed rule's code: a directive's code outside them is unknown.
    known: tuple[str, ...] = ()
    # Internal errors of one rule or of the fixer of one rule's findings: (code, name, error).
    rule_errors: list[tuple[str, str, FileError]] = field(default_factory=list)

    def frame_lines(self) -> set[int]:
        """The lines a report of these findings may show: the findings' and the directives'
        (where TL001 reports)."""
        return {d.line for d in self.diagnostics} | {d.line for d in self.directives}


def report(
    findings: Findings, settings: Settings, path: str
) -> tuple[list[Diagnostic], list[FileError]]:
    """The findings and rule errors ``settings`` keep for the file at ``path``, sorted; the
    findings are copies (a cached ``Findings`` serves the next report unchanged)."""
    ignored_here = per_file_ignored(settings, path)

    def chosen(code: str, name: str) -> bool:
        return settings.rule_selected(code, name) and not (
            ignored_here and _matches(code, name, ignored_here)
        )

    selected = [
        dataclasses.replace(d, path=path) for d in findings.diagnostics if chosen(d.code, d.name)
    ]
    ran = [code for code, name in findings.ran if chosen(code, name)]
    # Suppressions see every selected finding before target selection, so a directive for a
    # back-end left out of this run is not reported as unused.
    unsuppressed = apply_directives(
        path,
        [dataclasses.replace(d, used_codes=set(), used=False) for d in findings.directives],
        selected,
        ran_codes=ran,
        known_codes=findings.known,
        report_unused=UNUSED_SUPPRESSION_CODE in ran,
    )
    kept = []
    for d in unsuppressed:
        if not kept_in_mode(settings.mode, d.mode):
            continue
        targets = path_targets(d.targets, d.mode, settings.mode)
        if d.targets and not targets:
            continue
        if settings.keeps_targets(targets, d.code, d.name):
            d.narrow(targets)
            kept.append(d)
    # A finding names only the back-ends of this run (``--target compile`` answers "where
    # does compile break?"), and its message says what those do.
    for diagnostic in kept:
        diagnostic.narrow(settings.targets)
        diagnostic.template = None
    errors = [error for code, name, error in findings.rule_errors if chosen(code, name)]
    return sorted(kept, key=Diagnostic.sort_key), errors


# Back-ends that convert a model as it runs in eval mode: code that runs only in training mode
# is no question of theirs (unless the run is about the training path).
INFERENCE_BACKENDS = frozenset({"export", "trace"})


def path_targets(targets: tuple[str, ...], needed: Optional[str], mode: str) -> tuple[str, ...]:
    """The back-ends a finding whose code runs only in mode ``needed`` is about, in a run
    about ``mode``: export and trace leave code that runs only in training mode to a run about
    training (``--mode training``)."""
    if needed == "training" and mode != "training":
        return tuple(t for t in targets if t not in INFERENCE_BACKENDS)
    return targets


def _matches(code: str, name: str, selectors: Sequence[str]) -> bool:
    return any(code.startswith(s) or name == s or s == "ALL" for s in selectors)
