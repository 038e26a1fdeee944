"""The heldout29 script repairs (issue #23; fixers/script_heldout29.py), in spellings other
than the probes': ``bit_count`` of a local mask and of an attribute in a helper, ``math.exp2``
imported under another name inside a helper, ``sym_min`` imported from torch on sizes
(fixers/sym_min_max.py). Torch checks that the fixed text scripts with
eager unchanged and that no back-end that passed now fails."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)

BIT_COUNT = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mask = 0b1011
        self.proj = nn.Linear(4, 4)

    def active(self) -> int:
        return self.mask.bit_count()

    def forward(self, x):
        flags = 6
        return self.proj(x) * (self.active() + flags.bit_count())


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""

EXP2 = """\
import math as m

import torch
from torch import nn


def octave(k: int, per: int) -> float:
    return 110.0 * m.exp2(k / per)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.per = 12

    def forward(self, x):
        return x * octave(7, self.per)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""

SYM_MIN = """\
import torch
import torch.nn.functional as F
from torch import nn, sym_min


def crop_to(x: torch.Tensor, limit: int) -> torch.Tensor:
    keep = sym_min(x.size(-1), limit)
    return x[..., :keep]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.limit = 6

    def forward(self, x):
        return F.relu(crop_to(x, self.limit)) * 2.0


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 9),)]
"""


def test_sym_min_of_sizes_becomes_the_builtin_as_an_unsafe_fix():
    assert_rewritten(
        SYM_MIN,
        [("sym_min(x.size(-1), limit)", "min(x.size(-1), limit)")],
        unsafe=True,
        settings=SETTINGS,
    )


def test_bit_count_becomes_a_count_of_binary_ones_as_a_safe_fix():
    assert_rewritten(
        BIT_COUNT,
        [
            ("self.mask.bit_count()", 'bin(self.mask).count("1")'),
            ("flags.bit_count()", 'bin(flags).count("1")'),
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_math_exp2_becomes_a_float_power_as_an_unsafe_fix():
    assert_rewritten(
        EXP2, [("m.exp2(k / per)", "(2.0 ** (k / per))")], unsafe=True, settings=SETTINGS
    )


def test_bit_count_of_a_tensor_method_name_is_left_alone():
    source = BIT_COUNT.replace("flags = 6", "flags = x")
    assert "flags.bit_count()" in fixed_text(source, SETTINGS, unsafe=True)


@requires_torch
def test_torch_scripts_the_repairs():
    for source in (BIT_COUNT, EXP2, SYM_MIN):
        assert_script_repaired(source, fixed_text(source, SETTINGS, unsafe=True))
