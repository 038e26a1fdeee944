"""Every rule's own VALID / INVALID examples: the linter agrees with them, and so does torch.

Linting: each INVALID example gets a finding of its rule (on its ``line``), each VALID none.
Torch (the ground truth): each INVALID example really fails, breaks or diverges on every
back-end it claims, and each runnable VALID example converts and matches eager on them.
"""

from __future__ import annotations

import importlib.util

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.registry import all_rules
from torchlint.lint.settings import Settings

from .conftest import requires_torch, skip_syntax_this_python_lacks

RULES = all_rules()


def _cases(kind: str):
    for rule in RULES:
        for number, case in enumerate(getattr(rule, kind)):
            yield pytest.param(rule, case, id=f"{rule.code}-{kind.lower()}-{number}")


def _skip_without_installed(case) -> None:
    """An example about an installed library's source (TL209 reads it from site-packages)
    says so in ``extra["installed"]``; without that library there is nothing to read."""
    package = case.extra.get("installed")
    if package is not None and importlib.util.find_spec(package) is None:
        pytest.skip(f"needs {package} installed: the finding reads its source")


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
    skip_syntax_this_python_lacks(case.source)
    _skip_without_installed(case)
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
    skip_syntax_this_python_lacks(case.source)
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


# What a message's compile clause can say about the two ways to compile, and how torch is asked:
# ``fullgraph=True`` raising (or accepting the flagged code) is the fullgraph run, a graph break
# is plain torch.compile's (``torch._dynamo.explain`` and Dynamo's break counter, which also
# has the breaks explain leaves out). Conditional claims ("integer tensors pass") are not
# parsed; "recompiles" is counted, and any other claim is confirmed by the compile verdict.
FULLGRAPH_RAISES = ("fullgraph=true) raises", "fullgraph=true raises")
FULLGRAPH_ACCEPTS = ("fullgraph=true) accepts", "fullgraph=true accepts")
PLAIN_BREAKS = ("breaks the graph", "splits the graph", "broke the graph")
COMPILE_CLAIMS = (*FULLGRAPH_RAISES, *FULLGRAPH_ACCEPTS, *PLAIN_BREAKS, "recompiles", "differ")


def _findings_at(rule, case, targets=None):
    settings = Settings(select=(rule.code,), targets_explicit="script" in rule.targets)
    if targets is not None:
        settings = Settings(select=(rule.code,), targets=targets, targets_explicit=True)
    result = lint_text(case.filename, case.source, settings=settings, rules=[rule])
    return [d for d in result.diagnostics if d.code == rule.code and d.line == case.line]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("rule", "case"),
    [p for p in _cases("INVALID") if p.values[1].runtime and p.values[1].line is not None],
)
def test_torch_confirms_invalid_example_message(rule, case):
    """What the finding's message says each back-end it names does, torch does on the example:
    every named back-end fails, breaks or diverges, and a compile clause's fullgraph / plain
    torch.compile claims hold for each mode."""
    from .oracle import check, compilations, compile_modes

    findings = _findings_at(rule, case)
    assert findings, f"{rule.code}: no finding on line {case.line}"
    named = {t for d in findings for t in d.targets}
    for backend in sorted(named):
        warning_line = case.line if backend == "trace" and case.trace_warning else None
        verdict = check(case.source, backend, warning_line=warning_line)
        assert not verdict.ok, (
            f"{rule.code}'s message names {backend}, but torch accepts:\n{case.source}"
        )
    if "compile" not in named:
        return
    compile_findings = _findings_at(rule, case, targets=("compile",))
    fullgraph, breaks = compile_modes(case.source, counted=True)
    for finding in compile_findings:
        said = finding.message.lower()
        assert any(claim in said for claim in COMPILE_CLAIMS), (
            f"{rule.code}: no claim about torch.compile that torch can check: {finding.message}"
        )
        flagged = range(finding.line, finding.end_line + 1)
        if any(claim in said for claim in FULLGRAPH_RAISES):
            assert not fullgraph.ok, f"{rule.code}: fullgraph=True accepts: {finding.message}"
        if any(claim in said for claim in FULLGRAPH_ACCEPTS):
            assert fullgraph.ok or not set(fullgraph.lines) & set(flagged), (
                f"{rule.code}: fullgraph=True raises here ({fullgraph}): {finding.message}"
            )
        if any(claim in said for claim in PLAIN_BREAKS):
            assert breaks, f"{rule.code}: plain torch.compile has no graph break: {finding.message}"
        if "recompiles" in said:
            assert not breaks and compilations(case.source) > 1, (
                f"{rule.code}: torch.compile does not recompile: {finding.message}"
            )
