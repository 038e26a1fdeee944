"""Plain ``torch.compile`` reports a graph break only once its graph holds an operation of the
frame: a ``torch.unique`` / ``.tolist()`` that runs first in the frame is run eagerly with no
break reported, also when it sits in a helper that ``forward`` calls first (issue 21: a finding
appeared once the code moved into a helper). Each form carries torch's label (tests marked
torch): plain compile logs a break where marked, and none where not."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch

HELPER_METHOD = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, tokens, emb):
{before}        return self._vocab_max(tokens, emb)

    def _vocab_max(self, tokens, emb):
        present = torch.unique(tokens, sorted=True)
        width = present.shape[0]
        return emb[:, :width].amax(-1)


def inputs():
    return [
        (torch.tensor([3, 1, 3, 2, 2]), torch.randn(2, 6)),
        (torch.tensor([1, 1, 1, 1, 1]), torch.randn(3, 6)),
    ]
"""

HELPER_FUNCTION = """
import torch
from torch import nn


def split_rows(x, lengths):
    return [t.sum(0) for t in x.split(lengths.tolist())]


class Model(nn.Module):
    def forward(self, x, lengths):
{before}        return torch.stack(split_rows(x, lengths))


def inputs():
    return [
        (torch.randn(5, 3), torch.tensor([2, 3])),
        (torch.randn(5, 3), torch.tensor([1, 4])),
    ]
"""

SHIFT = "        emb = emb + 1\n"
SCALE = "        x = x * 2\n"

# (id, source, code, plain compile reports a break)
FORMS = [
    ("method-first", HELPER_METHOD.replace("{before}", ""), "TL107", False),
    ("method-after-op", HELPER_METHOD.replace("{before}", SHIFT), "TL107", True),
    ("function-first", HELPER_FUNCTION.replace("{before}", ""), "TL104", False),
    ("function-after-op", HELPER_FUNCTION.replace("{before}", SCALE), "TL104", True),
]


def _compile_findings(source: str, code: str) -> list:
    result = lint_text("model.py", textwrap.dedent(source).lstrip(), Settings(select=(code,)))
    assert not result.errors, result.errors
    return [d for d in result.diagnostics if "compile" in d.targets]


@pytest.mark.parametrize(
    ("source", "code", "breaks"), [pytest.param(*f[1:], id=f[0]) for f in FORMS]
)
def test_compile_finding_follows_the_callers_frame(source, code, breaks):
    found = _compile_findings(source, code)
    assert bool(found) == breaks, [(d.line, d.message) for d in found]


def test_a_helper_reached_through_an_alias_is_assumed_to_follow_operations():
    source = HELPER_FUNCTION.replace("{before}", "").replace(
        "        return torch.stack(split_rows(x, lengths))",
        "        split = split_rows\n        return torch.stack(split(x, lengths))",
    )
    assert _compile_findings(source, "TL104")


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("source", "code", "breaks"), [pytest.param(*f[1:], id=f[0]) for f in FORMS]
)
def test_torch_reports_the_break_only_after_an_operation(source, code, breaks):
    from .oracle import check

    assert check(textwrap.dedent(source).lstrip(), "compile").ok is not breaks
