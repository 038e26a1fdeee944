"""TL342: the spellings that register a module-tree name (ModuleDict / ParameterDict keys,
Sequential(OrderedDict), add_module / register_*, setattr, a container item store, the keys a
dict comprehension runs over) are flagged where the name is a hard keyword, and torch 2.13's
export (``ep.module()``) fails on them while compile accepts."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch

TEMPLATE = """\
from collections import OrderedDict

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
{init}

    def forward(self, x):
{forward}


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def _source(init: str, forward: str) -> str:
    return normalized(
        TEMPLATE.format(
            init=textwrap.indent(textwrap.dedent(init), " " * 8),
            forward=textwrap.indent(textwrap.dedent(forward), " " * 8),
        )
    )


def _flagged(source: str) -> list[int]:
    settings = Settings(select=("TL342",))
    result = lint_text("example.py", source, settings=settings)
    return [d.line for d in result.diagnostics if d.code == "TL342"]


FLAGGED = [
    pytest.param(
        'self.add_module("in", nn.Linear(4, 4))',
        "return x + 1",  # not used in forward: non-strict export lifts every parameter
        id="add-module-unused",
    ),
    pytest.param(
        'setattr(self, "for", nn.Linear(4, 4))',
        'return getattr(self, "for")(x)',
        id="setattr",
    ),
    pytest.param(
        'self.seq = nn.Sequential(OrderedDict([("class", nn.Linear(4, 4)), ("act", nn.ReLU())]))',
        "return self.seq(x)",
        id="sequential-ordereddict",
    ),
    pytest.param(
        'self.p = nn.ParameterDict({"None": nn.Parameter(torch.ones(4))})',
        'return x * self.p["None"]',
        id="parameterdict",
    ),
    pytest.param(
        """\
        self.blocks = nn.ModuleDict()
        self.blocks["with"] = nn.Linear(4, 4)
        """,
        'return self.blocks["with"](x)',
        id="container-item-store",
    ),
    pytest.param(
        """\
        names = ["not", "ok"]
        self.blocks = nn.ModuleDict({k: nn.Linear(4, 4) for k in names})
        """,
        'return self.blocks["ok"](x)',
        id="comprehension-over-list",
    ),
]


@pytest.mark.parametrize(("init", "forward"), FLAGGED)
def test_keyword_name_is_flagged(init, forward):
    assert len(_flagged(_source(init, forward))) == 1


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("init", "forward"), FLAGGED)
def test_torch_export_fails_and_compile_accepts(init, forward):
    from .oracle import check

    source = _source(init, forward)
    verdict = check(source, "export")
    assert not verdict.ok and "SyntaxError" in verdict.detail, verdict
    assert check(source, "compile").ok


LEFT = [
    # Soft keywords and names that are not identifiers: torch.fx writes them with getattr.
    pytest.param(
        'self.blocks = nn.ModuleDict({"match": nn.Linear(4, 4), "a-b": nn.Linear(4, 4)})',
        'return self.blocks["match"](x) + self.blocks["a-b"](x)',
        id="soft-keyword-and-dash",
    ),
    # A keyword as a key of a plain dict, and setattr of a number: no module-tree name.
    pytest.param(
        """\
        self.sizes = {"in": 4}
        setattr(self, "if", 3)
        self.lin = nn.Linear(4, 4)
        """,
        'd = {"in": x}\nreturn self.lin(d["in"])',
        id="plain-dict-and-number",
    ),
]


@pytest.mark.parametrize(("init", "forward"), LEFT)
def test_other_names_are_not_flagged(init, forward):
    assert _flagged(_source(init, forward)) == []


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("init", "forward"), LEFT)
def test_torch_exports_other_names(init, forward):
    from .oracle import check

    assert check(_source(init, forward), "export").ok
