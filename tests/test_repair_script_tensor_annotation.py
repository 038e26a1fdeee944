"""TL214's safe fix for ``x: torch.tensor`` (the factory function written for the type, a blind
heldout24 probe): ``torch.Tensor``, under the module name as written."""

from __future__ import annotations

import pytest

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)

SOURCE = """\
import torch as th
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(4)

    def forward(self, x: th.tensor) -> th.tensor:
        return self.norm(x).mean(dim=1)


def inputs():
    return [(th.randn(2, 3, 4),), (th.randn(1, 5, 4),)]
"""


def test_the_function_annotation_becomes_the_type_in_a_safe_fix():
    assert_rewritten(
        SOURCE,
        [("x: th.tensor) -> th.tensor:", "x: th.Tensor) -> th.Tensor:")],
        unsafe=False,
        settings=SETTINGS,
    )


def test_another_torch_function_as_annotation_is_left_alone():
    source = SOURCE.replace("th.tensor) -> th.tensor", "th.zeros) -> th.Tensor")
    assert fixed_text(source, SETTINGS, unsafe=True) == source


@requires_torch
@pytest.mark.torch
def test_torch_scripts_the_fixed_model_with_eager_unchanged():
    assert_script_repaired(SOURCE, fixed_text(SOURCE, SETTINGS, unsafe=False))
