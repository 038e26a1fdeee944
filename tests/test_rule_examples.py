"""Every rule's own VALID / INVALID examples: the linter agrees with them, and so does torch.

Linting: each INVALID example gets a finding of its rule (on its ``line``), each VALID none.
Torch (the ground truth): each INVALID example really fails, breaks or diverges on every
back-end it claims, and each runnable VALID example converts and matches eager on them.
"""

from __future__ import annotations

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.registry import all_rules
from torchlint.lint.settings import Settings

from .conftest import requires_torch

RULES = all_rules()


def _cases(kind: str):
    for rule in RULES:
        for number, case in enumerate(getattr(rule, kind)):
            yield pytest.param(rule, case, id=f"{rule.code}-{kind.lower()}-{number}")


def _lint(rule, case):
    settings = Settings(select=(rule.code,), targets_explicit="script" in rule.targets)
    return lint_text(case.filename, case.source, settings=settings, rules=[rule])


def test_rules_have_examples_and_docs():
    for rule in RULES:
        assert rule.INVALID, f"{rule.code} has no INVALID example"
        assert rule.VALID, f"{rule.code} has no VALID example"
        doc = rule.documentation()
        for section in ("## What it does", "## Why is this bad?", "## Example", "## Fix safety"):
            assert section in doc, f"{rule.code} docs lack {section!r}"


@pytest.mark.parametrize(("rule", "case"), list(_cases("INVALID")))
def test_invalid_example_is_flagged(rule, case):
    result = _lint(rule, case)
    assert not result.errors, result.errors
    found = [d for d in result.diagnostics if d.code == rule.code]
    assert found, f"{rule.code} did not flag:\n{case.source}"
    if case.line is not None:
        assert case.line in [d.line for d in found], [d.line for d in found]
    if case.message_contains is not None:
        assert any(case.message_contains in d.message for d in found)


@pytest.mark.parametrize(("rule", "case"), list(_cases("VALID")))
def test_valid_example_is_clean(rule, case):
    result = _lint(rule, case)
    assert not result.errors, result.errors
    found = [d for d in result.diagnostics if d.code == rule.code]
    assert not found, [(d.line, d.message) for d in found]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("rule", "case"), [p for p in _cases("INVALID") if p.values[1].runtime])
def test_torch_confirms_invalid_example(rule, case):
    from .oracle import check

    backends = case.backends if case.backends is not None else rule.targets
    for backend in backends:
        warning_line = case.line if backend == "trace" and case.trace_warning else None
        verdict = check(case.source, backend, warning_line=warning_line)
        assert not verdict.ok, (
            f"{rule.code} claims {backend} breaks, but torch accepts:\n{case.source}"
        )


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("rule", "case"), [p for p in _cases("VALID") if p.values[1].runtime])
def test_torch_accepts_valid_example(rule, case):
    from .oracle import check

    backends = case.backends if case.backends is not None else rule.targets
    for backend in backends:
        verdict = check(case.source, backend)
        assert verdict.ok, (
            f"{rule.code}: torch rejects a VALID example on {verdict}:\n{case.source}"
        )
