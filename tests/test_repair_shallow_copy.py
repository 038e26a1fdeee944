"""``copy.copy`` of a plain dict or list -> its ``.copy()`` (fixers/shallow_copy_method.py),
in spellings other than the b57 probe's: a local list of scales, a dict attribute copied in a
helper method. Torch checks that compile (fullgraph) and script pass after the fix with eager
unchanged, and that a subclass of dict and a parameter are left alone."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, fixed_text

SETTINGS = Settings(targets=("compile", "script"), targets_explicit=True)

COPIES = """\
import copy
from typing import Dict, List

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.weights: Dict[str, float] = {"a": 1.0, "b": 0.5}
        self.proj = nn.Linear(4, 4)

    def overridden(self) -> Dict[str, float]:
        w = copy.copy(self.weights)
        w["b"] = 2.0
        return w

    def forward(self, x):
        scales: List[float] = [1.0, 2.0]
        mine = copy.copy(scales)
        mine.append(3.0)
        w = self.overridden()
        return self.proj(x) * w["a"] * w["b"] * mine[2] * len(scales)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_copy_of_a_plain_dict_or_list_becomes_its_copy_method_as_a_safe_fix():
    assert_rewritten(
        COPIES,
        [
            ("copy.copy(self.weights)", "self.weights.copy()"),
            ("copy.copy(scales)", "scales.copy()"),
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_a_dict_subclass_or_a_parameter_is_left_alone():
    ordered = COPIES.replace('{"a": 1.0, "b": 0.5}', 'OrderedDict({"a": 1.0, "b": 0.5})').replace(
        "import copy\n", "import copy\nfrom collections import OrderedDict\n"
    )
    assert "copy.copy(self.weights)" in fixed_text(ordered, SETTINGS, unsafe=True)
    param = COPIES.replace(
        "def forward(self, x):\n        scales: List[float] = [1.0, 2.0]\n",
        "def forward(self, x, scales: List[float] = [1.0, 2.0]):\n",
    )
    assert "scales.copy()" not in fixed_text(param, SETTINGS, unsafe=True)


@requires_torch
def test_torch_compiles_and_scripts_the_copy_methods():
    from .oracle import assert_eager_unchanged, check

    fixed = fixed_text(COPIES, SETTINGS, unsafe=False)
    assert not check(COPIES, "compile").ok and not check(COPIES, "script").ok
    assert_eager_unchanged(COPIES, fixed)
    for backend in ("compile", "script", "export", "trace"):
        assert check(fixed, backend).ok, backend
