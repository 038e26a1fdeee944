"""Session-18 repairs (issue #23; fixers/repair_session18.py), in spellings other than the
probes': an int closed over by a class built in a factory and read in a helper method and in
forward; ``torch.nn.LayerNorm(y.size(-1), eps=...)`` and an affine ``nn.LayerNorm(z.shape[-1])``
built and called in forward; a zip of a ModuleList (first) with a dict annotated
``Dict[str, torch.Tensor]``. Torch checks that the fixed text passes the back-end with eager
unchanged and that no back-end that passed now fails."""

from __future__ import annotations

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SCRIPT = Settings(targets=("script",), targets_explicit=True)
TRACE = Settings(targets=("trace",), targets_explicit=True)

CLOSURE = """\
import torch
from torch import nn


def build_head(width: int, gain: int = 3):
    # the head class is made per call and keeps `gain` from here
    class Head(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(width, width)

        def amplify(self, y: torch.Tensor) -> torch.Tensor:
            return y * gain  # scaled

        def forward(self, x):
            return self.amplify(self.proj(x)) - gain

    return Head


Model = build_head(4, gain=2)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
"""


def test_a_closed_over_number_is_stored_on_the_instance_as_a_safe_fix():
    assert_rewritten(
        CLOSURE,
        [
            (
                "super().__init__()\n",
                "super().__init__()\n            self.gain = gain\n",
            ),
            ("y * gain  # scaled", "y * self.gain  # scaled"),
            (") - gain", ") - self.gain"),
        ],
        unsafe=False,
        settings=SCRIPT,
    )


def test_a_closed_over_number_the_builder_rebinds_is_left_alone():
    source = CLOSURE.replace("    return Head\n", "    gain = gain + 1\n    return Head\n")
    assert "y * gain" in fixed_text(source, SCRIPT, unsafe=True)


def test_a_closed_over_number_that_init_rebinds_is_left_alone():
    source = CLOSURE.replace("def __init__(self):", "def __init__(self, gain: int = 5):")
    assert "y * gain" in fixed_text(source, SCRIPT, unsafe=True)


PLAIN_NORM = """\
import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(3, 5)

    def forward(self, x):
        y = torch.relu(self.fc(x))
        return torch.nn.LayerNorm(y.size(-1), eps=1e-6, elementwise_affine=False)(y) + 1


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""

AFFINE_NORM = """\
import torch
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(3, 6)

    def forward(self, x):
        z = self.fc(x)
        z = tnn.LayerNorm(z.shape[-1])(z)
        return z.sum(-1)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_a_layer_norm_without_parameters_becomes_the_functional_call_as_a_safe_fix():
    edit = (
        "torch.nn.LayerNorm(y.size(-1), eps=1e-6, elementwise_affine=False)(y)",
        "torch.nn.functional.layer_norm(y, y.shape[-1:], None, None, 1e-6)",
    )
    for settings in (SCRIPT, TRACE):
        assert_rewritten(PLAIN_NORM, [edit], unsafe=False, settings=settings)


def test_a_fresh_affine_layer_norm_becomes_the_functional_call_as_an_unsafe_fix():
    edit = ("tnn.LayerNorm(z.shape[-1])(z)", "tnn.functional.layer_norm(z, z.shape[-1:])")
    for settings in (SCRIPT, TRACE):
        assert_rewritten(AFFINE_NORM, [edit], unsafe=True, settings=settings)


def test_a_layer_norm_of_a_fixed_width_is_left_alone():
    source = AFFINE_NORM.replace("tnn.LayerNorm(z.shape[-1])(z)", "tnn.LayerNorm(6)(z)")
    assert "tnn.LayerNorm(6)(z)" in fixed_text(source, SCRIPT, unsafe=True)


ZIP_DICT = """\
from typing import Dict

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(4, 2), nn.Linear(4, 2), nn.Linear(4, 2)])

    def forward(self, levels: Dict[str, torch.Tensor]):
        total = torch.zeros(1)
        # one head per level, in the dict's order
        for head, key in zip(self.heads, levels):
            total = total + head(levels[key]).sum()
        return total


def inputs():
    two = {"p3": torch.randn(2, 4), "p4": torch.randn(1, 4)}
    return [(two,), ({"a": torch.randn(3, 4)},)]
"""

ZIP_FIXED = """\
        # one head per level, in the dict's order
        levels_keys = list(levels)
        for index, head in enumerate(self.heads):
            if index < len(levels_keys):
                key = levels_keys[index]
                total = total + head(levels[key]).sum()
"""


def test_a_zip_of_modules_with_a_dict_becomes_enumerate_as_an_unsafe_fix():
    old = ZIP_DICT[ZIP_DICT.index("        # one head") : ZIP_DICT.index("        return total")]
    assert_rewritten(ZIP_DICT, [(old, ZIP_FIXED)], unsafe=True, settings=SCRIPT)


def test_a_zip_whose_body_writes_the_dict_is_left_alone():
    source = ZIP_DICT.replace(
        "total = total + head(levels[key]).sum()",
        "levels[key] = head(levels[key])\n            total = total + levels[key].sum()",
    )
    assert "zip(self.heads, levels)" in fixed_text(source, SCRIPT, unsafe=True)


ALL = Settings()
SOURCES = (CLOSURE, PLAIN_NORM, AFFINE_NORM, ZIP_DICT)


def _findings(source: str, settings: Settings) -> set[tuple[str, str]]:
    found = lint_text("example.py", source, settings).diagnostics
    return {(d.code, d.message.split(":")[0]) for d in found}


def test_the_fixed_text_has_no_new_finding_for_any_target():
    for settings in (SCRIPT, TRACE, ALL, Settings(targets=("compile", "export"))):
        for source in SOURCES:
            fixed = fixed_text(source, SCRIPT, unsafe=True)
            assert _findings(fixed, settings) <= _findings(source, settings), fixed


@requires_torch
def test_torch_scripts_the_repairs():
    for source in SOURCES:
        assert_script_repaired(source, fixed_text(source, SCRIPT, unsafe=True))


@requires_torch
def test_torch_traces_the_layer_norm_repairs():
    from .oracle import assert_eager_unchanged, check

    for source in (PLAIN_NORM, AFFINE_NORM):
        fixed = fixed_text(source, TRACE, unsafe=True)
        assert not check(source, "trace").ok
        assert_eager_unchanged(source, fixed)
        assert check(fixed, "trace").ok, fixed


@requires_torch
def test_the_module_attributes_a_closure_number_may_not_shadow_are_torchs():
    import torch

    from torchlint.fixers.repair_session18 import MODULE_ATTRIBUTES

    public = {n for n in dir(torch.nn.Module) if not n.startswith("_")}
    assert public <= MODULE_ATTRIBUTES, sorted(public - MODULE_ATTRIBUTES)
    assert "training" in MODULE_ATTRIBUTES
