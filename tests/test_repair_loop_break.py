"""TL101 repair of ``if cond: break`` on tensor data in a ``for`` loop (fixers/loop_break_freeze.py):
before/after text, what is left alone, idempotence, and torch's word that compile (fullgraph, no
graph break) and export accept the fixed code with eager outputs unchanged."""

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


class Step(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x, running):
        x = torch.where(running[:, None], x + torch.tanh(self.lin(x)), x)
        return x, running & (x.sum(-1) < 1.0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.layers = nn.ModuleList([Step(), Step(), Step()])
        self.heads = nn.ModuleList([nn.Linear(4, 3) for _ in range(3)])

    def forward(self, x):
"""
INPUTS = "[(torch.randn(2, 4),), (torch.randn(3, 4) * 4,), (torch.randn(2, 4) * 0.01,)]"


def _model(body: str, inputs: bool = False) -> str:
    text = HEAD + textwrap.indent(textwrap.dedent(body), " " * 8)
    if inputs:
        text += f"\n\ndef inputs():\n    return {INPUTS}\n"
    return normalized(text)


def _fix(source: str, *, unsafe: bool = True) -> str:
    return fixed_text(source, Settings(select=("TL101",)), unsafe=unsafe)


SHAPES = [
    # A fixed-point iteration: temporaries recomputed, the carried value frozen.
    pytest.param(
        """\
        z = torch.zeros_like(x)
        for _ in range(6):
            z_next = 0.5 * torch.tanh(self.lin(z)) + x
            delta = (z_next - z).norm() / (z.norm() + 1e-6)
            z = z_next
            if delta < 1e-3:
                break
        return z
        """,
        """\
        z = torch.zeros_like(x)
        stopped = torch.zeros((), dtype=torch.bool)
        for _ in range(6):
            z_next = 0.5 * torch.tanh(self.lin(z)) + x
            delta = (z_next - z).norm() / (z.norm() + 1e-6)
            z = torch.where(stopped, z, z_next)
            stopped = torch.logical_or(stopped, delta < 1e-3)
        return z
        """,
        id="fixed-point",
    ),
    # A counted `while`: the count steps as a range from where it starts.
    pytest.param(
        """\
        z = torch.zeros_like(x)
        it = 0
        while it < 6:
            z_next = 0.5 * torch.tanh(self.lin(z)) + x
            delta = (z_next - z).norm() / (z.norm() + 1e-6)
            z = z_next
            it += 1
            if delta < 1e-3:
                break
        return z
        """,
        """\
        z = torch.zeros_like(x)
        it = 0
        stopped = torch.zeros((), dtype=torch.bool)
        for it in range(it, 6):
            z_next = 0.5 * torch.tanh(self.lin(z)) + x
            delta = (z_next - z).norm() / (z.norm() + 1e-6)
            z = torch.where(stopped, z, z_next)
            stopped = torch.logical_or(stopped, delta < 1e-3)
        return z
        """,
        id="counted-while",
    ),
    # The test first, a tuple of results, an augmented assignment.
    pytest.param(
        """\
        running = torch.ones(x.shape[0], dtype=torch.bool)
        total = x * 0
        for layer in self.layers:
            if not running.any():
                break
            x, running = layer(x, running)
            total += x
        return x + total
        """,
        """\
        running = torch.ones(x.shape[0], dtype=torch.bool)
        total = x * 0
        stopped = torch.zeros((), dtype=torch.bool)
        for layer in self.layers:
            stopped = torch.logical_or(stopped, torch.logical_not(running.any()))
            step = layer(x, running)
            x = torch.where(stopped, x, step[0])
            running = torch.where(stopped, running, step[1])
            total = torch.where(stopped, total, total + x)
        return x + total
        """,
        id="halting-layers",
    ),
    # A value bound to None before the loop takes its first step's value.
    pytest.param(
        """\
        logits = None
        for head in self.heads:
            x = torch.relu(self.lin(x))
            logits = head(x)
            if logits.softmax(-1).max() > 0.6:
                break
        return logits
        """,
        """\
        logits = None
        stopped = torch.zeros((), dtype=torch.bool)
        for head in self.heads:
            x = torch.where(stopped, x, torch.relu(self.lin(x)))
            logits = head(x) if logits is None else torch.where(stopped, logits, head(x))
            stopped = torch.logical_or(stopped, logits.softmax(-1).max() > 0.6)
        return logits
        """,
        id="early-exit-heads",
    ),
    # A Python part of the test stays a Python test around the flag's update.
    pytest.param(
        """\
        for head in self.heads:
            x = torch.tanh(self.lin(x))
            sure = (head(x).softmax(-1).max(-1).values > 0.5).all()
            if not self.training and bool(sure):
                break
        return x
        """,
        """\
        stopped = torch.zeros((), dtype=torch.bool)
        for head in self.heads:
            x = torch.where(stopped, x, torch.tanh(self.lin(x)))
            sure = (head(x).softmax(-1).max(-1).values > 0.5).all()
            if not self.training:
                stopped = torch.logical_or(stopped, sure)
        return x
        """,
        id="python-part",
    ),
]


@pytest.mark.parametrize(("body", "after"), SHAPES)
def test_each_loop_is_rewritten_unsafely(body, after):
    before = _model(body)
    assert _fix(before) == _model(after)
    assert _fix(before, unsafe=False) == before


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("body", "after"), SHAPES)
def test_fixed_loops_compile_and_export_with_eager_unchanged(body, after):
    from .oracle import assert_eager_unchanged, check

    source = _model(body, inputs=True)
    fixed = _fix(source)
    assert not all(check(source, backend).ok for backend in ("compile", "export"))
    assert_eager_unchanged(source, fixed)
    for backend in ("compile", "export"):
        verdict = check(fixed, backend)
        assert verdict.ok, f"still fails on {verdict}:\n{fixed}"


@pytest.mark.parametrize(
    "body",
    [
        # Outputs collected in a list: the number of steps is the output's length.
        """\
        out = []
        for head in self.heads:
            y = head(x)
            out.append(y)
            if (y > 0).all():
                break
        return torch.stack(out)
        """,
        # A sequence grown by torch.cat: old and new do not broadcast.
        """\
        seq = x
        for _ in range(4):
            seq = torch.cat([seq, self.lin(seq[-1:])])
            if seq[-1].sum() > 0:
                break
        return seq
        """,
        # (A temporary read after the loop keeps the breaking step's value from a None bound
        # before it: tests/test_s27_repair2.py.)
        # An else clause, and a statement that is no assignment.
        """\
        for _ in range(3):
            x = self.lin(x)
            if x.sum() > 0:
                break
        else:
            x = x * 2
        return x
        """,
        """\
        for _ in range(3):
            x = self.lin(x)
            print(x)
            if x.sum() > 0:
                break
        return x
        """,
        # A counted while whose count is read after it (the steps taken).
        """\
        steps = 0
        while steps < 4:
            x = self.lin(x)
            steps += 1
            if x.sum() > 0:
                break
        return x * steps
        """,
    ],
)
def test_loops_the_fixer_cannot_freeze_are_left_alone(body):
    source = _model(body)
    found = lint_text("example.py", source, Settings(select=("TL101",))).diagnostics
    assert found and all(d.fix is None for d in found), [d.line for d in found if d.fix]
