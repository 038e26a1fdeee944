"""The heldout27 script repairs (issue #23; fixers/script_heldout27.py), each in spellings
other than the probes': helper functions and methods, aliases, tuple displays, ``not in``, a
ternary, a parameter annotated ``Tuple``. Torch checks that the fixed text scripts with eager
unchanged and that no back-end that passed now fails."""

from __future__ import annotations

import pytest

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)


def _repaired(source: str) -> None:
    assert_script_repaired(source, fixed_text(source, SETTINGS, unsafe=True))


MAKE = """\
import typing

import torch
from torch import nn


class Pair(typing.NamedTuple):
    lo: torch.Tensor
    hi: torch.Tensor


def bounds(x: torch.Tensor) -> Pair:
    return Pair._make((x.amin(-1), x.amax(-1)))


class Model(nn.Module):
    def forward(self, x):
        p = bounds(x)
        return p.hi - p.lo


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 5),)]
"""


def test_make_of_a_display_becomes_a_call_of_the_namedtuple():
    assert_rewritten(
        MAKE,
        [("Pair._make((x.amin(-1), x.amax(-1)))", "Pair(x.amin(-1), x.amax(-1))")],
        unsafe=False,
        settings=SETTINGS,
    )


def test_make_of_a_display_of_another_length_is_left_alone():
    source = MAKE.replace("(x.amin(-1), x.amax(-1))", "(x.amin(-1), x.amax(-1), x)")
    assert "Pair._make(" in fixed_text(source, SETTINGS, unsafe=True)


PROTOCOL = """\
import typing as tp

import torch
from torch import nn


def sharpen(p: torch.Tensor, power: tp.SupportsFloat) -> torch.Tensor:
    q = p.pow(float(power))
    return q / q.sum(-1, keepdim=True)


class Model(nn.Module):
    def forward(self, x):
        return sharpen(x.softmax(-1), 2.0)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 5),)]
"""


def test_a_supports_float_annotation_becomes_float():
    assert_rewritten(
        PROTOCOL,
        [("power: tp.SupportsFloat)", "power: float)")],
        unsafe=False,
        settings=SETTINGS,
    )


GET_PARAMETER = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential()
        self.enc.proj = nn.Linear(4, 4)

    def shared_bias(self):
        return self.get_parameter("enc.proj.bias")

    def forward(self, x):
        return self.enc(x) + self.shared_bias()


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_get_parameter_of_a_literal_path_reads_the_attributes_in_an_unsafe_fix():
    assert_rewritten(
        GET_PARAMETER,
        [('self.get_parameter("enc.proj.bias")', "self.enc.proj.bias")],
        unsafe=True,
        settings=SETTINGS,
    )


def test_get_parameter_of_a_numbered_path_is_left_alone():
    source = GET_PARAMETER.replace('"enc.proj.bias"', '"enc.0.bias"')
    assert 'self.get_parameter("enc.0.bias")' in fixed_text(source, SETTINGS, unsafe=True)


ISSUBCLASS = """\
import torch
import torch.nn as tnn


class Gate(tnn.Module):
    def __init__(self, smooth: bool = True):
        super().__init__()
        self.act = tnn.GELU() if smooth else tnn.ReLU()

    def _scale(self) -> float:
        return 0.5 if issubclass(type(self.act), (tnn.ReLU, tnn.LeakyReLU)) else 1.0

    def forward(self, x):
        return self.act(x) * self._scale()


Model = Gate


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_issubclass_of_a_submodule_type_is_tested_once_in_init_in_an_unsafe_fix():
    assert_rewritten(
        ISSUBCLASS,
        [
            (
                "tnn.ReLU()\n",
                "tnn.ReLU()\n"
                "        self.act_is_re_lu = issubclass(type(self.act), (tnn.ReLU, tnn.LeakyReLU))\n",
            ),
            (
                "0.5 if issubclass(type(self.act), (tnn.ReLU, tnn.LeakyReLU)) else 1.0",
                "0.5 if self.act_is_re_lu else 1.0",
            ),
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_issubclass_of_an_attribute_bound_twice_is_left_alone():
    source = ISSUBCLASS.replace(
        "        return self.act(x) * self._scale()",
        "        self.act = tnn.Tanh()\n        return self.act(x) * self._scale()",
    )
    assert (
        "issubclass(type(self.act)"
        in fixed_text(source, SETTINGS, unsafe=True).split("def _scale")[1]
    )


UNRAVEL = """\
import torch
from torch import nn


def peak(vol: torch.Tensor):
    d, h, w = vol.shape[-3:]
    flat = vol.flatten(-3).argmax(-1)
    return torch.unravel_index(flat, [d, h, w])


class Model(nn.Module):
    def forward(self, x):
        z, y, x_ = peak(x)
        return torch.stack([z, y, x_], -1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 4, 5),), (torch.randn(1, 2, 6, 3),)]
"""


def test_unravel_index_of_a_size_display_divides_in_an_unsafe_fix():
    assert_rewritten(
        UNRAVEL,
        [
            (
                "torch.unravel_index(flat, [d, h, w])",
                "(flat // (h * w) % d, flat // w % h, flat % w)",
            )
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_unravel_index_of_a_shape_name_is_left_alone():
    source = UNRAVEL.replace("[d, h, w])", "vol.shape[-3:])")
    assert "torch.unravel_index(flat, vol.shape[-3:])" in fixed_text(source, SETTINGS)


SIGNATURE = """\
import inspect

import torch
from torch import nn


class Scaled(nn.Module):
    def forward(self, x, scale: float = 1.0):
        return x * scale


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Scaled()

    def forward(self, x):
        takes = "scale" not in inspect.signature(self.block.forward).parameters
        return self.block(x) if takes else self.block(x, 2.0)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_a_signature_test_is_decided_from_the_submodule_forward_in_an_unsafe_fix():
    assert_rewritten(
        SIGNATURE,
        [('"scale" not in inspect.signature(self.block.forward).parameters', "False")],
        unsafe=True,
        settings=SETTINGS,
    )


FLOAT_LIST = """\
from typing import List

import torch
from torch import nn


def mix(x: torch.Tensor) -> torch.Tensor:
    scales = torch.jit.annotate(List[float], [1, 0.5, -2])
    return x * scales[0] + x * scales[2]


class Model(nn.Module):
    def forward(self, x):
        return mix(x)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_int_literals_under_list_float_become_floats_in_an_unsafe_fix():
    assert_rewritten(
        FLOAT_LIST,
        [("[1, 0.5, -2]", "[1.0, 0.5, -2.0]")],
        unsafe=True,
        settings=SETTINGS,
    )


FLOAT_INFO = """\
import sys as _sys

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        tiny = _sys.float_info.min
        return x / (x.abs() + tiny)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_a_float_info_field_is_indexed():
    assert_rewritten(
        FLOAT_INFO,
        [("_sys.float_info.min", "_sys.float_info[3]")],
        unsafe=False,
        settings=SETTINGS,
    )


TUPLE_LOCAL = """\
from typing import Optional, Tuple

import torch
from torch import Tensor, nn


class Model(nn.Module):
    def forward(self, x):
        carry: Tuple[Tensor, Optional[Tensor]] = (x, None)
        if x.shape[0] > 2:
            carry = (x, x.flip(0))
        out = carry[0] * 2
        # add the flipped rows when there are some
        if carry[1] is not None:
            out = out + carry[1].tanh()
        return out


def inputs():
    return [(torch.randn(4, 3),), (torch.randn(2, 3),)]
"""


def test_a_tested_tuple_element_is_bound_to_a_local():
    assert_rewritten(
        TUPLE_LOCAL,
        [
            (
                "        # add the flipped rows when there are some\n"
                "        if carry[1] is not None:\n"
                "            out = out + carry[1].tanh()\n",
                "        # add the flipped rows when there are some\n"
                "        carry_1 = carry[1]\n"
                "        if carry_1 is not None:\n"
                "            out = out + carry_1.tanh()\n",
            )
        ],
        unsafe=False,
        settings=SETTINGS,
    )


TUPLE_PARAM = """\
from typing import Optional, Tuple

import torch
from torch import Tensor, nn


def merge(pair: Tuple[Tensor, Optional[Tensor]]) -> Tensor:
    out = pair[0]
    if pair[-1] is not None:
        out = out * pair[-1].sigmoid()
    return out


class Model(nn.Module):
    def forward(self, x):
        return merge((x, x + 1)) + merge((x, None))


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_a_tested_element_of_a_tuple_parameter_is_bound_in_an_unsafe_fix():
    assert_rewritten(
        TUPLE_PARAM,
        [
            (
                "    if pair[-1] is not None:\n        out = out * pair[-1].sigmoid()\n",
                "    pair_neg1 = pair[-1]\n"
                "    if pair_neg1 is not None:\n        out = out * pair_neg1.sigmoid()\n",
            )
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_a_block_that_reads_the_tuple_otherwise_is_left_alone():
    source = TUPLE_PARAM.replace(
        "out = out * pair[-1].sigmoid()", "out = out * pair[-1].sigmoid() + len(pair)"
    )
    assert "if pair[-1] is not None:" in fixed_text(source, SETTINGS, unsafe=True)


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    "source",
    [
        MAKE,
        PROTOCOL,
        GET_PARAMETER,
        ISSUBCLASS,
        UNRAVEL,
        SIGNATURE,
        FLOAT_LIST,
        FLOAT_INFO,
        TUPLE_LOCAL,
        TUPLE_PARAM,
    ],
    ids=[
        "namedtuple-make",
        "supports-float",
        "get-parameter",
        "issubclass-type",
        "unravel-index",
        "signature-parameters",
        "list-float-ints",
        "float-info",
        "tuple-element-local",
        "tuple-element-param",
    ],
)
def test_torch_scripts_the_fixed_model_with_eager_unchanged(source):
    _repaired(source)
