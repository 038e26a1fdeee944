"""TL215's unsafe fix for a module attribute TorchScript types ``int`` handed to a float
argument (blind heldout24 probes: ``F.dropout(p=self.drop)`` with ``drop=0``, ``F.pad(...,
value=self.pad_value)`` with an int): ``float(self.X)`` at the call."""

from __future__ import annotations

import pytest

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)

SOURCE = """\
import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self, drop=0, pad_value=1):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.drop = drop
        self.pad_value = pad_value

    def forward(self, x):
        x = F.dropout(self.fc(x), p=self.drop, training=self.training)
        return F.pad(x, [0, 2], value=self.pad_value)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_the_int_attribute_is_converted_at_the_float_argument_in_an_unsafe_fix():
    assert_rewritten(
        SOURCE,
        [
            ("p=self.drop,", "p=float(self.drop),"),
            ("value=self.pad_value)", "value=float(self.pad_value))"),
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_a_float_attribute_has_nothing_to_fix():
    source = SOURCE.replace("drop=0, pad_value=1", "drop=0.0, pad_value=1.0")
    assert fixed_text(source, SETTINGS, unsafe=True) == source


@requires_torch
@pytest.mark.torch
def test_torch_scripts_the_fixed_model_with_eager_unchanged():
    assert_script_repaired(SOURCE, fixed_text(SOURCE, SETTINGS, unsafe=True))
