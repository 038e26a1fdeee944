"""Plain torch.compile counts a graph break only once its graph holds an operation of the
frame: a helper called as the first statement of ``forward`` (with plain arguments) runs in a
frame that has done nothing yet, so a `.tolist()` there is no counted break (torch 2.13; a
blind model-style probe, b50's behaviour-sequence recommender, had TL104 claim compile)."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text

from .conftest import requires_torch

TEMPLATE = """
import torch
from torch import nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)

    def build(self, items, lengths):
        rows = []
        for row, n in zip(items, lengths.tolist()):
            rows.append(row[:n].sum(0))
        return torch.stack(rows)

    def forward(self, items, lengths):
        {first}
        return self.emb(seq.long().clamp(0, 9)).sum(1)

def inputs():
    return [
        (torch.randint(0, 9, (2, 5)), torch.tensor([3, 5])),
        (torch.randint(0, 9, (3, 5)), torch.tensor([1, 2, 4])),
    ]
"""
FIRST = TEMPLATE.replace("{first}", "seq = self.build(items, lengths)")
AFTER_AN_OP = TEMPLATE.replace("{first}", "seq = self.build(items * 1, lengths)")


def _targets(source: str) -> set[str]:
    result = lint_text("example.py", textwrap.dedent(source))
    return {t for d in result.diagnostics if d.code == "TL104" for t in d.targets}


def test_a_helper_called_first_names_trace_alone():
    assert _targets(FIRST) == {"trace"}


def test_a_helper_called_after_an_operation_names_compile_too():
    assert _targets(AFTER_AN_OP) == {"compile", "trace"}


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("source", "breaks"), [(FIRST, False), (AFTER_AN_OP, True)])
def test_torch_counts_the_break_only_after_an_operation(source, breaks):
    from .oracle import check

    assert check(source, "compile").ok is not breaks
