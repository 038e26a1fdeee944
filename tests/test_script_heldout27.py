"""Script mechanisms from the blind heldout27 batch, in other spellings than its probes.

``torch.tensor`` of a list display mixing int and float literals (TL227): TorchScript types
the list ``List[Union[float, int]]`` and the scripted module fails on every call; the safe fix
writes the ints as floats, which eager turns into the same tensor.
"""

from __future__ import annotations

import pytest

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text
from .test_script_misses import _flagged

SETTINGS = Settings(targets=("script",), targets_explicit=True)

SOURCE = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        scales = [2, -0.5, 0x1]
        w = torch.as_tensor(scales)
        return self.fc(x) * w


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""
CLEAN = SOURCE.replace("[2, -0.5, 0x1]", "[2.0, -0.5, 1.0]")
INTS = SOURCE.replace("[2, -0.5, 0x1]", "[2, -1, 1]").replace(
    "self.fc(x) * w", "self.fc(x) * w.float()"
)


@pytest.mark.parametrize(("source", "flagged"), [(SOURCE, True), (CLEAN, False), (INTS, False)])
def test_mixed_number_list_flagged(source: str, flagged: bool) -> None:
    assert _flagged("TL227", source) == flagged


def test_the_safe_fix_writes_the_ints_as_floats() -> None:
    assert_rewritten(
        SOURCE, [("[2, -0.5, 0x1]", "[2.0, -0.5, 1.0]")], unsafe=False, settings=SETTINGS
    )


@requires_torch
@pytest.mark.torch
def test_torch_agrees_and_the_fix_repairs() -> None:
    from .oracle import check

    assert not check(SOURCE, "script").ok
    assert check(CLEAN, "script").ok and check(INTS, "script").ok
    assert_script_repaired(SOURCE, fixed_text(SOURCE, SETTINGS, unsafe=False))
