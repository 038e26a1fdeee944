"""TL209's unsafe fix for ``copy.copy(xs)`` of a list in scripted code (a blind heldout24
probe): ``list(xs)``, which TorchScript compiles."""

from __future__ import annotations

import pytest

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)

SOURCE = """\
import copy
from typing import List

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(4, 4, 1) for _ in range(2)])

    def forward(self, feats: List[torch.Tensor]) -> List[torch.Tensor]:
        outs = copy.copy(feats)
        scales = [1.0, 2.0]
        kept = copy.copy(scales)
        for i, lat in enumerate(self.lateral):
            outs[i] = lat(feats[i]) * kept[i]
        return outs


def inputs():
    return [
        ([torch.randn(1, 4, 8, 8), torch.randn(1, 4, 4, 4)],),
        ([torch.randn(2, 4, 6, 6), torch.randn(2, 4, 3, 3)],),
    ]
"""


def test_a_shallow_copy_of_a_list_becomes_list_in_an_unsafe_fix():
    """A list argument's copy becomes ``list(feats)`` only with unsafe fixes; the copy of a
    list display is the safe ``.copy()`` (fixers/shallow_copy_method.py) either way."""
    unsafe = fixed_text(SOURCE, SETTINGS, unsafe=True)
    assert "outs = list(feats)" in unsafe and "kept = scales.copy()" in unsafe
    safe = fixed_text(SOURCE, SETTINGS, unsafe=False)
    assert "outs = copy.copy(feats)" in safe and "kept = scales.copy()" in safe


def test_a_value_not_surely_a_list_is_left_alone():
    source = SOURCE.replace("feats: List[torch.Tensor]", "feats")
    assert "copy.copy(feats)" in fixed_text(source, SETTINGS, unsafe=True)


@requires_torch
@pytest.mark.torch
def test_torch_scripts_the_fixed_model_with_eager_unchanged():
    assert_script_repaired(SOURCE, fixed_text(SOURCE, SETTINGS, unsafe=True))
