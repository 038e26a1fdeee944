"""The heldout28 script repairs (issue #23; fixers/script_heldout28.py), in spellings other
than the probe's: a call of the parenthesised if-expression, a picked head called twice, a
parameter's name left alone. Torch checks that the fixed text scripts with eager unchanged and
that no back-end that passed now fails."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)

DIRECT = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.cls = nn.Linear(6, 3)
        self.reg = nn.Sequential(nn.Linear(6, 3), nn.Tanh())

    def forward(self, x, classify: bool = True):
        y = (self.cls if classify else self.reg)(x) * 2.0
        return y


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
"""

BOUND = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.avg = nn.AvgPool1d(2)
        self.conv = nn.Conv1d(3, 3, 3, stride=2, padding=1)

    def forward(self, x):
        reduce = self.avg if x.size(-1) > 8 else self.conv
        h = reduce(x)
        return torch.relu(reduce(h))


def inputs():
    return [(torch.randn(2, 3, 16),), (torch.randn(1, 3, 6),)]
"""


def test_a_call_of_the_if_expression_becomes_a_call_in_each_branch():
    assert_rewritten(
        DIRECT,
        [("(self.cls if classify else self.reg)(x)", "(self.cls(x) if classify else self.reg(x))")],
        unsafe=False,
        settings=SETTINGS,
    )


def test_a_picked_name_keeps_its_test_where_it_was_and_each_call_picks():
    assert_rewritten(
        BOUND,
        [
            (
                "reduce = self.avg if x.size(-1) > 8 else self.conv",
                "reduce_is_avg = x.size(-1) > 8",
            ),
            ("h = reduce(x)", "h = self.avg(x) if reduce_is_avg else self.conv(x)"),
            (
                "torch.relu(reduce(h))",
                "torch.relu(self.avg(h) if reduce_is_avg else self.conv(h))",
            ),
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_a_picked_name_read_other_than_by_a_call_is_left_alone():
    source = BOUND.replace("return torch.relu(reduce(h))", "return torch.relu(reduce(h)), reduce")
    assert "reduce = self.avg if" in fixed_text(source, SETTINGS, unsafe=True)


ROWS = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(3, 2)

    def forward(self, x):
        h = torch.tanh(x)
        return self.head(sum(h * 2.0))


def inputs():
    return [(torch.randn(4, 3),), (torch.randn(2, 3),)]
"""


def test_builtin_sum_of_rows_becomes_a_sum_over_dim_0_as_an_unsafe_fix():
    assert_rewritten(ROWS, [("sum(h * 2.0)", "(h * 2.0).sum(0)")], unsafe=True, settings=SETTINGS)


@requires_torch
def test_torch_scripts_the_repairs():
    for source in (DIRECT, BOUND, ROWS):
        assert_script_repaired(source, fixed_text(source, SETTINGS, unsafe=True))
