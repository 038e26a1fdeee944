"""A finding's message says what the back-ends it names do, and only those: the message is
built from one clause per back-end once the finding's targets are final (the graph's reach,
then ``--target``), and the cache keeps that final text."""

from __future__ import annotations

import re

import pytest

from torchlint.lint.diagnostics import Message
from torchlint.lint.engine import lint_text
from torchlint.lint.registry import all_rules
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.settings import Settings

from .cli_helpers import run_json, write

# How a message names a back-end.
MENTIONS = {
    "compile": re.compile(r"torch\.compile\b|fullgraph|Dynamo|GB\d{4}"),
    "export": re.compile(r"torch\.export\b"),
    "trace": re.compile(r"torch\.jit\.trace\b|TracerWarning"),
    "script": re.compile(r"torch\.jit\.script\b|TorchScript"),
}

BRANCH = """
import torch
from torch import nn

class Net(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x * 2
        return x - 1
"""

ITEM = """
import torch
from torch import nn

class Net(nn.Module):
    def forward(self, x):
        y = x * 2
        scale = y.abs().max().item()
        return y / (scale + 1e-6)
"""


def _named(message: str) -> set[str]:
    return {target for target, pattern in MENTIONS.items() if pattern.search(message)}


def _only(found: dict, code: str) -> dict:
    diagnostics = [d for d in found["diagnostics"] if d["code"] == code]
    assert len(diagnostics) == 1, found
    return diagnostics[0]


def test_target_compile_leaves_trace_and_export_out_of_the_message(tmp_path):
    path = write(tmp_path, "model.py", BRANCH)
    _, everything = run_json([str(path), "--no-cache", "--select", "TL101"])
    assert _named(_only(everything, "TL101")["message"]) == {"compile", "export", "trace"}
    _, found = run_json([str(path), "--no-cache", "--select", "TL101", "--target", "compile"])
    finding = _only(found, "TL101")
    assert finding["targets"] == ["compile"]
    assert _named(finding["message"]) == {"compile"}
    assert finding["message"].endswith("use torch.where or torch.cond")


def test_target_trace_leaves_compile_out_of_the_message(tmp_path):
    path = write(tmp_path, "model.py", ITEM)
    _, found = run_json([str(path), "--no-cache", "--select", "TL103", "--target", "trace"])
    finding = _only(found, "TL103")
    assert finding["targets"] == ["trace"]
    assert _named(finding["message"]) == {"trace"}
    _, found = run_json([str(path), "--no-cache", "--select", "TL103", "--target", "compile"])
    finding = _only(found, "TL103")
    assert finding["targets"] == ["compile"]
    assert _named(finding["message"]) == {"compile"}


def test_message_follows_the_backends_that_reach_the_code():
    # Only torch.compile reaches a function it decorates: no trace or export claim.
    text = """
import torch

@torch.compile
def step(x):
    if x.sum() > 0:
        return x * 2
    return x
"""
    result = lint_text("step.py", text, Settings(select=("TL101",)))
    [finding] = result.diagnostics
    assert finding.targets == ("compile",)
    assert _named(finding.message) == {"compile"}


def test_branch_on_an_item_value_says_where_compile_breaks():
    text = """
import torch
from torch import nn

class Net(nn.Module):
    def forward(self, x):
        longest = x.max().item()
        if longest > 3:
            return x * 2
        return x
"""
    result = lint_text("model.py", text, Settings(select=("TL101",)))
    [finding] = result.diagnostics
    assert finding.targets == ("compile", "export")
    assert _named(finding.message) == {"compile", "export"}
    # The graph broke at `.item()`; at the branch fullgraph=True raises.
    assert "fullgraph=True) raises here" in finding.message
    assert "where the number is read" in finding.message


def test_data_dependent_shape_does_not_claim_fullgraph_fails():
    text = """
import torch
from torch import nn

class Net(nn.Module):
    def forward(self, x):
        y = x * 2
        return y[y > 0].sum()
"""
    result = lint_text("model.py", text, Settings(select=("TL107",)))
    [finding] = result.diagnostics
    assert "plain torch.compile breaks the graph here" in finding.message
    assert "fullgraph=True) accepts it" in finding.message
    assert "fails" not in finding.message


@pytest.mark.parametrize(
    ("call", "targets"),
    [
        ("random.randint(1, 9)", ("export", "trace")),  # Dynamo replays it
        ("random.uniform(0.5, 1.5)", ("export", "trace")),
        ("random.random()", ("compile", "export", "trace")),  # a skipped function
        ("random.choice([1, 2])", ("compile", "export", "trace")),
    ],
)
def test_python_random_claims_compile_only_where_dynamo_breaks(call, targets):
    text = f"""
import random
import torch
from torch import nn

class Net(nn.Module):
    def forward(self, x):
        return x * {call}
"""
    result = lint_text("model.py", text, Settings(select=("TL305",)))
    [finding] = result.diagnostics
    assert finding.targets == targets
    assert _named(finding.message) == set(targets)


def test_cache_keeps_the_message_of_each_target_selection(tmp_path):
    path = write(tmp_path, "model.py", BRANCH)
    cache = ["--cache-dir", str(tmp_path / "cache"), "--select", "TL101"]
    messages = {}
    for target in ("compile", "trace"):
        _, first = run_json([str(path), *cache, "--target", target])
        _, cached = run_json([str(path), *cache, "--target", target])
        assert first == cached
        messages[target] = _only(cached, "TL101")["message"]
        assert _named(messages[target]) == {target}
    assert messages["compile"] != messages["trace"]


def _flagged_examples():
    for rule in all_rules():
        for number, case in enumerate(rule.INVALID):
            yield pytest.param(rule, case, id=f"{rule.code}-{number}")


@pytest.mark.parametrize(("rule", "case"), list(_flagged_examples()))
def test_each_backend_alone_gets_a_message_about_itself(rule, case):
    """Every finding of every INVALID example, linted for one back-end it names at a time,
    names no other back-end the rule reports for."""
    base = Settings(select=(rule.code,), targets_explicit="script" in rule.targets)
    result = lint_text(case.filename, case.source, settings=base, rules=[rule])
    reported = rule.reported_targets()
    for target in sorted({t for d in result.diagnostics for t in d.targets}):
        alone = Settings(select=(rule.code,), targets=(target,), targets_explicit=True)
        narrowed = lint_text(case.filename, case.source, settings=alone, rules=[rule])
        assert narrowed.diagnostics, (rule.code, target)
        for finding in narrowed.diagnostics:
            assert finding.targets == (target,)
            others = _named(finding.message) & (reported - {target})
            assert not others, f"{rule.code} --target {target}: {finding.message}"


def test_message_renders_the_clauses_of_the_targets_in_order():
    message = Message("subject", (("compile", "c"), ("export", "e"), ("trace", "e")), "advice")
    assert message.render(("trace", "compile")) == "subject: c; e; advice"
    assert message.render(("export",)) == "subject: e; advice"
    assert message.render(()) == "subject; advice"
    assert message.render() == "subject: c; e; advice"
    assert Message("subject", (("compile", "c"),)).render(("compile",)) == "subject: c"


def _rule(**attributes) -> type[Rule]:
    body = {
        "code": "XX101",
        "name": "demo",
        "targets": ("compile", "trace"),
        "VALID": [Valid("x = 1")],
        "INVALID": [Invalid("x = 1")],
        **attributes,
    }
    return type("Demo", (Rule,), body)


def test_rule_with_clauses_composes_its_message():
    rule = _rule(subject="s", clauses={"compile": "c", "trace": "t"}, advice="a")
    assert rule.message == "s: c; t; a"
    assert rule.template == Message("s", (("compile", "c"), ("trace", "t")), "a")
    assert rule.check_definition() == []


def test_a_fixed_message_replaces_inherited_clauses():
    parent = _rule(subject="s", clauses={"compile": "c", "trace": "t"})
    child = type("Child", (parent,), {"message": "fixed"})
    assert child.template is None and child.message == "fixed"
    assert type("Same", (parent,), {}).template == parent.template


def test_rule_definition_needs_a_clause_per_reported_backend():
    missing = _rule(subject="s", clauses={"compile": "c"})
    assert missing.check_definition() == ["Demo: no clause for 'trace', which it reports"]
    extra = _rule(subject="s", clauses={"compile": "c", "trace": "t", "export": "e"})
    assert extra.check_definition() == ["Demo: a clause for 'export', which it never reports"]
    plain = _rule(message="a fixed message")
    assert plain.template is None and plain.check_definition() == []


def test_tensor_of_tensor_advice_parenthesises_an_expression():
    source = (
        "import torch\n\n\ndef flags(x):\n    return torch.tensor(x == 1)\n\n\n"
        "class Model(torch.nn.Module):\n    def forward(self, x):\n        return flags(x)\n"
    )
    found = lint_text("model.py", source, Settings(select=("TL407",))).diagnostics
    assert [d.line for d in found] == [5]
    assert "`(x == 1).clone().detach()`" in found[0].message
