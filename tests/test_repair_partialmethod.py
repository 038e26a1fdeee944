"""TL331's unsafe fix (fixers/partialmethod_call.py): a ``functools.partialmethod`` of the class
called in graph code becomes a call of the method it wraps, in spellings other than the
probe's: positional arguments bound by the partial, a keyword of the call, an alias of
``functools``. Torch checks the fixed model compiles with eager unchanged."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, fixed_text

SETTINGS = Settings(select=("TL331",))

SCALED = """\
import functools as ft

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def _mix(self, scale, x, bias: float = 0.0, act: bool = True):
        h = self.proj(x) * scale + bias
        return torch.relu(h) if act else h

    half = ft.partialmethod(_mix, 0.5, act=False)

    def forward(self, x):
        return self.half(x, bias=1.0) + x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_the_partial_call_is_written_out_as_an_unsafe_fix():
    assert_rewritten(
        SCALED,
        [("self.half(x, bias=1.0)", "self._mix(0.5, x, act=False, bias=1.0)")],
        unsafe=True,
        settings=SETTINGS,
    )


def test_a_call_that_repeats_a_bound_keyword_is_left_alone():
    source = SCALED.replace("self.half(x, bias=1.0)", "self.half(x, act=True)")
    assert fixed_text(source, SETTINGS, unsafe=True) == source


def test_a_wrapped_method_defined_again_below_is_left_alone():
    source = SCALED.replace(
        "    def forward(self, x):",
        "    def _mix(self, scale, x, bias: float = 0.0, act: bool = True):\n"
        "        return x\n\n    def forward(self, x):",
    )
    assert fixed_text(source, SETTINGS, unsafe=True) == source


@requires_torch
def test_torch_compiles_the_written_out_call():
    from .oracle import assert_eager_unchanged, check

    fixed = fixed_text(SCALED, SETTINGS, unsafe=True)
    assert not check(SCALED, "compile").ok
    assert_eager_unchanged(SCALED, fixed)
    assert check(fixed, "compile").ok
    assert check(fixed, "export").ok
