"""TL107 repairs of the size of a selection used only as a count (fixers/selection_count.py):
before/after text for each shape, idempotence, what is left alone, and torch's word that compile
(fullgraph, no graph break) and export accept the fixed code with eager outputs unchanged."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

HEAD = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, {params}):
"""


def _model(body: str, params: str = "x", inputs: str = "") -> str:
    text = HEAD.format(params=params) + textwrap.indent(textwrap.dedent(body), " " * 8)
    if inputs:
        text += f"\n\ndef inputs():\n    return {inputs}\n"
    return normalized(text)


def _fix(source: str, *, unsafe: bool = True, target: str = "compile") -> str:
    settings = Settings(select=("TL107",), targets=(target,), targets_explicit=True)
    return fixed_text(source, settings, unsafe=unsafe)


SHAPES = [
    # An emptiness guard with an early return: both values, selected by the count.
    pytest.param(
        """\
        h = self.lin(x)
        if mask.nonzero().numel() == 0:  # nothing selected
            return h.mean(dim=0)
        return (h * mask[:, None]).sum(dim=0)
        """,
        """\
        h = self.lin(x)
        return torch.where(torch.count_nonzero(mask) == 0, h.mean(dim=0), (h * mask[:, None]).sum(dim=0))  # nothing selected
        """,
        "x, mask",
        "[(torch.randn(3, 4), torch.zeros(3, dtype=torch.bool)), "
        "(torch.randn(5, 4), torch.tensor([True, False, True, False, False]))]",
        id="numel-guard",
    ),
    # len() of torch.nonzero, a name bound to the selection and only counted, a ternary.
    pytest.param(
        """\
        h = self.lin(x)
        hits = torch.nonzero(h > 1.0)
        y = h * 0.5 if len(hits) > 2 else h
        return y
        """,
        """\
        h = self.lin(x)
        y = torch.where(torch.count_nonzero(h > 1.0) > 2, h * 0.5, h)
        return y
        """,
        "x",
        "[(torch.randn(2, 4) * 0.1,), (torch.randn(3, 4) * 4,)]",
        id="len-of-name-ternary",
    ),
    # One tensor of torch.where(m), and x[m] of a boolean mask: one row per selected element.
    pytest.param(
        """\
        h = self.lin(x)
        if torch.where(h[:, 0] > 0)[0].shape[0] >= 2:
            h = h * 2
        if not x[x[:, 1] < 0].size(0) > 1:
            h = h - 1
        return h
        """,
        """\
        h = self.lin(x)
        h = torch.where(torch.count_nonzero(h[:, 0] > 0) >= 2, h * 2, h)
        h = torch.where(torch.logical_not(torch.count_nonzero(x[:, 1] < 0) > 1), h - 1, h)
        return h
        """,
        "x",
        "[(torch.randn(4, 4),), (-torch.rand(3, 4),), (torch.rand(5, 4),)]",
        id="where-and-mask-rows",
    ),
    # A count bound to a name, used only as a tensor: reported at the selection.
    pytest.param(
        """\
        h = torch.relu(self.lin(x))
        active = len(torch.nonzero(h.sum(-1) > 0.5))
        return h.sum(0) / max(active, 1)
        """,
        """\
        h = torch.relu(self.lin(x))
        active = torch.count_nonzero(h.sum(-1) > 0.5)
        return h.sum(0) / active.clamp(min=1)
        """,
        "x",
        "[(torch.randn(4, 4),), (torch.randn(4, 4) + 1.0,), (-torch.ones(2, 4) * 9,)]",
        id="bound-count",
    ),
]


@pytest.mark.parametrize(("body", "after", "params", "inputs"), SHAPES)
def test_each_shape_is_rewritten_unsafely(body, after, params, inputs):
    before = _model(body, params)
    assert _fix(before) == _model(after, params)
    assert _fix(before, target="export") == _model(after, params)
    assert _fix(before, unsafe=False) == before  # every repair here is unsafe


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("body", "after", "params", "inputs"), SHAPES)
def test_fixed_code_passes_the_backends_with_eager_unchanged(body, after, params, inputs):
    from .oracle import assert_eager_unchanged, check

    source = _model(body, params, inputs)
    fixed = _fix(source)
    assert not all(check(source, backend).ok for backend in ("compile", "export"))
    assert_eager_unchanged(source, fixed)
    for backend in ("compile", "export"):
        verdict = check(fixed, backend)
        assert verdict.ok, f"still fails on {verdict}:\n{fixed}"


@pytest.mark.parametrize(
    "body",
    [
        # The branch reads the selection: it needs the guard (hits[0] of nothing raises).
        """\
        hits = (x > 0).nonzero()
        if len(hits) > 0:
            x = x * hits[0, 0]
        return x
        """,
        # numel of nonzero's (count, dim) result is the count only against 0.
        """\
        if (x > 0).nonzero().numel() > 3:
            x = x * 2
        return x
        """,
        # masked_select counts the broadcast of x and the mask.
        """\
        if torch.masked_select(x, x > 0).numel() == 0:
            x = x + 1
        return x
        """,
        # The mask's name is rebound: the mask at the count is not the selection's.
        """\
        m = x > 0
        sel = m.nonzero()
        m = x < 0
        if len(sel) == 0:
            x = x + 1
        return x * m
        """,
    ],
)
def test_counts_the_fixer_cannot_vouch_for_are_left_alone(body):
    source = _model(body)
    assert _fix(source) == source
    found = lint_text("example.py", source, Settings(select=("TL107",))).diagnostics
    assert found and all(d.fix is None or d.fix.message.startswith("tell torch") for d in found), [
        (d.line, d.fix.message) for d in found if d.fix
    ]
