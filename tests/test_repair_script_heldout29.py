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


CLASS_TENSOR = """\
import torch
from torch import nn


class Whiten(nn.Module):
    SCALE = torch.ones(1, 4) * 0.5

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.fc(x) * self.SCALE


Model = Whiten


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""

GET_DEFAULT = """\
from typing import Dict, List

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.axes: Dict[str, List[int]] = {"rows": [0], "both": [0, 1]}
        self.key = "cols"

    def forward(self, x):
        for name in ["rows", self.key]:
            # the axes to reduce, none when unknown
            reduce = self.axes.get(name, [])
            if len(reduce) > 0:
                x = x - x.mean(reduce, keepdim=True)
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
"""

FLAG_AND = """\
import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self, left: bool = True, width: int = 3):
        super().__init__()
        self.left = left
        self.width = width

    def forward(self, x):
        return F.pad(x, [self.left and self.width - 1, 0])


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
"""


def test_a_class_body_tensor_is_bound_on_the_instance_as_an_unsafe_fix():
    assert_rewritten(
        CLASS_TENSOR,
        [("super().__init__()\n", "super().__init__()\n        self.SCALE = self.SCALE\n")],
        unsafe=True,
        settings=SETTINGS,
    )


def test_an_empty_get_default_is_bound_to_an_annotated_local_as_a_safe_fix():
    assert_rewritten(
        GET_DEFAULT,
        [
            (
                "            # the axes to reduce, none when unknown\n"
                "            reduce = self.axes.get(name, [])\n",
                "            # the axes to reduce, none when unknown\n"
                "            empty_axes: list[int] = []\n"
                "            reduce = self.axes.get(name, empty_axes)\n",
            )
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_a_bool_flag_and_a_number_gives_the_zero_as_an_unsafe_fix():
    assert_rewritten(
        FLAG_AND,
        [("self.left and self.width - 1", "self.width - 1 if self.left else 0")],
        unsafe=True,
        settings=SETTINGS,
    )


@requires_torch
def test_torch_scripts_the_class_tensor_get_default_and_flag_repairs():
    for source in (CLASS_TENSOR, GET_DEFAULT, FLAG_AND):
        assert_script_repaired(source, fixed_text(source, SETTINGS, unsafe=True))
