"""The twenty-fifth session's script repairs (issue #23; fixers/script_session25.py), in
spellings other than the held-out probes': a filtered comprehension typed by a helper's
``-> list[float]`` and by a local annotation, a ParameterList zipped with a list parameter, a
Sequential called at a computed index, a reversed Sequential, an ``or`` test guarding a
``@torch.jit.unused`` call, a dataclass config made by a call in ``__init__``, an ``.item()``
stored in a float attribute by a helper method. Torch checks that each fixed text scripts,
scripted equals eager, eager is unchanged and no back-end that passed now fails; each fix is
applied twice (the second changes nothing) and look-alikes stay as they are."""

from __future__ import annotations

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.fixes import fix_text
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)

DECLARED_LIST = """\
from typing import List

import torch
from torch import nn


def wide_ratios(ratios: List[float], floor: float) -> list[float]:
    # the ratios above the floor, doubled
    return [r * 2.0 for r in ratios if r > floor]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.ratios = [0.25, 0.5, 1.0]
        self.widths = [3, 4, 5]

    def forward(self, x):
        kept: List[int] = [w for w in self.widths if w % 2 == 1]
        for r in wide_ratios(self.ratios, 0.3):
            x = x * r
        return x + len(kept)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_filtered_comprehensions_typed_by_their_annotations_become_loops():
    assert_rewritten(
        DECLARED_LIST,
        [
            (
                "    return [r * 2.0 for r in ratios if r > floor]\n",
                "    selected: List[float] = []\n"
                "    for r in ratios:\n"
                "        if r > floor:\n"
                "            selected.append(r * 2.0)\n"
                "    return selected\n",
            ),
            (
                "        kept: List[int] = [w for w in self.widths if w % 2 == 1]\n",
                "        kept: List[int] = []\n"
                "        for w in self.widths:\n"
                "            if w % 2 == 1:\n"
                "                kept.append(w)\n",
            ),
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_a_filtered_comprehension_without_a_list_annotation_is_left_alone():
    source = DECLARED_LIST.replace(" -> list[float]:", ":")
    assert "return [r * 2.0 for r in ratios if r > floor]" in fixed_text(source, SETTINGS)


PARAMETER_ZIP = """\
from typing import List

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.gains = nn.ParameterList([nn.Parameter(torch.full((4,), 0.5 * k)) for k in (1, 2)])

    def forward(self, x, feats: List[torch.Tensor]):
        for gain, f in zip(self.gains, feats):  # one gain per level
            x = x + gain * f
        return x


def inputs():
    return [
        (torch.randn(2, 4), [torch.randn(2, 4), torch.randn(2, 4)]),
        (torch.randn(3, 4), [torch.randn(3, 4), torch.randn(3, 4)]),
    ]
"""


def test_a_parameter_list_zipped_with_a_list_becomes_an_enumerate_loop():
    assert_rewritten(
        PARAMETER_ZIP,
        [
            (
                "        for gain, f in zip(self.gains, feats):  # one gain per level\n",
                "        for i, gain in enumerate(self.gains):  # one gain per level\n"
                "            f = feats[i]\n",
            )
        ],
        unsafe=True,
        settings=SETTINGS,
    )


def test_a_parameter_dict_zipped_with_a_list_is_left_alone():
    source = PARAMETER_ZIP.replace(
        "nn.ParameterList([nn.Parameter(torch.full((4,), 0.5 * k)) for k in (1, 2)])",
        'nn.ParameterDict({"a": nn.Parameter(torch.ones(4)), "b": nn.Parameter(torch.ones(4))})',
    )
    assert "zip(self.gains, feats)" in fixed_text(source, SETTINGS)


INDEXED_CALL = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.order = [2, 0, 1]
        self.branches = nn.Sequential(nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 4))

    def forward(self, y):
        for k in range(len(self.order)):
            y = y + self.branches[self.order[k]](y) * 0.5  # routed
        return y


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_a_container_called_at_a_computed_index_runs_under_a_position_test():
    assert_rewritten(
        INDEXED_CALL,
        [
            (
                "            y = y + self.branches[self.order[k]](y) * 0.5  # routed\n",
                "            index = self.order[k]\n"
                "            for position, branche in enumerate(self.branches):\n"
                "                if position == index or position - len(self.branches) == index:\n"
                "                    y = y + branche(y) * 0.5  # routed\n",
            )
        ],
        unsafe=True,
        settings=SETTINGS,
    )


@pytest.mark.parametrize(
    "old, new",
    [
        # a return: TorchScript needs a value on every path
        ("        return y\n", "        return self.branches[self.order[-1]](y)\n"),
        # a name first bound by the statement would be unbound after the `if`
        ("y = y + self.branches[self.order[k]](y) * 0.5", "z = self.branches[self.order[k]](y)"),
        # an index read through a call
        ("self.branches[self.order[k]](y)", "self.branches[int(self.order[k])](y)"),
    ],
)
def test_indexed_calls_the_position_test_cannot_carry_are_left_alone(old, new):
    source = INDEXED_CALL.replace(old, new)
    assert new.strip() in fixed_text(source, SETTINGS)


REVERSED_SEQUENTIAL = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 4))

    def forward(self, x):
        depth = 0
        for stage in reversed(self.stages):  # deepest first
            x = stage(x) + depth
            depth += 1
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_a_reversed_sequential_loop_counts_positions_down():
    assert_rewritten(
        REVERSED_SEQUENTIAL,
        [
            (
                "        for stage in reversed(self.stages):  # deepest first\n"
                "            x = stage(x) + depth\n"
                "            depth += 1\n",
                "        for index in range(len(self.stages) - 1, -1, -1):  # deepest first\n"
                "            for position, stage in enumerate(self.stages):\n"
                "                if position == index:\n"
                "                    x = stage(x) + depth\n"
                "                    depth += 1\n",
            )
        ],
        unsafe=True,
        settings=SETTINGS,
    )


@pytest.mark.parametrize(
    "old, new",
    [
        (
            "            depth += 1\n",
            "            depth += 1\n            if depth > 5:\n                break\n",
        ),
        ("        return x\n", "        return x + stage(x)\n"),
    ],
)
def test_reversed_loops_whose_jumps_or_variable_change_meaning_are_left_alone(old, new):
    source = REVERSED_SEQUENTIAL.replace(old, new)
    assert "reversed(self.stages)" in fixed_text(source, SETTINGS)


UNUSED_OR = """\
import torch
import torch.utils.checkpoint as cp
from torch import nn


class Model(nn.Module):
    def __init__(self, save_memory: bool = False, force: bool = True):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.save_memory = save_memory
        self.force = force

    def run(self, x):
        return torch.relu(self.body(x))

    @torch.jit.unused
    def run_checkpointed(self, x):
        return cp.checkpoint(self.run, x, use_reentrant=False)

    def forward(self, x):
        if self.save_memory or self.force:
            y = self.run_checkpointed(x)
        else:
            y = self.run(x)
        return y * 2


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_an_unused_method_call_gets_an_is_scripting_guard_around_the_or_test():
    assert_rewritten(
        UNUSED_OR,
        [
            (
                "        if self.save_memory or self.force:\n",
                "        if (self.save_memory or self.force) and not torch.jit.is_scripting():\n",
            )
        ],
        unsafe=True,
        settings=SETTINGS,
    )


@pytest.mark.parametrize(
    "old, new",
    [
        # the other path computes something else than the checkpointed function
        ("            y = self.run(x)\n", "            y = self.body(x)\n"),
        # the method checkpoints another function than the fallback calls
        ("cp.checkpoint(self.run, x,", "cp.checkpoint(self.body, x,"),
        # the call sits in the `else` of the test
        (
            "        if self.save_memory or self.force:\n"
            "            y = self.run_checkpointed(x)\n"
            "        else:\n"
            "            y = self.run(x)\n",
            "        if not (self.save_memory or self.force):\n"
            "            y = self.run(x)\n"
            "        else:\n"
            "            y = self.run_checkpointed(x)\n",
        ),
    ],
)
def test_unused_calls_whose_other_path_differs_get_no_guard(old, new):
    source = UNUSED_OR.replace(old, new)
    assert "is_scripting" not in fixed_text(source, SETTINGS)


DATACLASS_CALL = """\
from dataclasses import dataclass
from typing import List, Optional

import torch
from torch import nn


@dataclass
class HeadConfig:
    \"\"\"Settings of the head.\"\"\"

    dims: List[int]
    temperature: Optional[float] = None
    shift: float = -0.5


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = HeadConfig([4, 4], temperature=2.0)
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        y = self.fc(x) + self.cfg.shift
        t = self.cfg.temperature
        if t is not None:
            y = y / t
        return y * len(self.cfg.dims)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_a_plain_dataclass_config_is_compiled_with_torch_jit_script():
    assert_rewritten(
        DATACLASS_CALL,
        [("\n@dataclass\nclass HeadConfig:", "\n@torch.jit.script\n@dataclass\nclass HeadConfig:")],
        unsafe=True,
        settings=SETTINGS,
    )


@pytest.mark.parametrize(
    "old, new",
    [
        (
            "    shift: float = -0.5\n",
            "    shift: float = -0.5\n\n    def scaled(self) -> float:\n        return self.shift * 2\n",
        ),
        ("@dataclass\nclass", "@dataclass(frozen=True)\nclass"),
        ("    shift: float = -0.5\n", "    shift: object = -0.5\n"),
    ],
)
def test_dataclasses_beyond_plain_fields_are_left_alone(old, new):
    source = DATACLASS_CALL.replace(old, new)
    assert "@torch.jit.script" not in fixed_text(source, SETTINGS)


ITEM_FLOAT = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.last_norm = 1.0

    def track(self, y: torch.Tensor) -> None:
        self.last_norm = y.norm().item()

    def forward(self, x):
        y = self.fc(x)
        self.track(y)
        return y


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_an_item_stored_in_a_float_attribute_is_converted_with_float_when_scripting():
    assert_rewritten(
        ITEM_FLOAT,
        [
            (
                "        self.last_norm = y.norm().item()\n",
                "        if torch.jit.is_scripting():\n"
                "            self.last_norm = float(y.norm().item())\n"
                "        else:\n"
                "            self.last_norm = y.norm().item()\n",
            )
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_an_item_stored_in_an_int_attribute_is_left_alone():
    source = ITEM_FLOAT.replace("self.last_norm = 1.0", "self.last_norm = 1")
    assert "self.last_norm = y.norm().item()" in fixed_text(source, SETTINGS)


@requires_torch
@pytest.mark.parametrize(
    "source",
    [
        DECLARED_LIST,
        PARAMETER_ZIP,
        INDEXED_CALL,
        REVERSED_SEQUENTIAL,
        UNUSED_OR,
        DATACLASS_CALL,
        ITEM_FLOAT,
    ],
    ids=[
        "declared-list",
        "parameter-zip",
        "indexed-call",
        "reversed",
        "unused",
        "dataclass",
        "item",
    ],
)
def test_torch_scripts_the_repairs_with_eager_unchanged(source):
    assert_script_repaired(source, fixed_text(source, SETTINGS, unsafe=True))


def test_the_scripted_dataclass_fix_is_dropped_where_the_migration_rule_is_selected():
    # `@torch.jit.script` is what TL501 (opt-in) notes: with it selected the fix run undoes
    # the fix rather than bring the new finding.
    migrating = Settings(select=("TL212", "TL501"), targets=("script",), targets_explicit=True)
    assert (
        "@torch.jit.script"
        not in fix_text("example.py", DATACLASS_CALL, migrating, unsafe=True).text
    )
    plain = Settings(select=("TL212",), targets=("script",), targets_explicit=True)
    assert "@torch.jit.script" in fix_text("example.py", DATACLASS_CALL, plain, unsafe=True).text


@pytest.mark.parametrize(
    "old, new",
    [
        ("", ""),  # the config made by a call in `__init__`
        (
            "    def __init__(self):\n        super().__init__()\n        self.cfg = HeadConfig([4, 4], temperature=2.0)\n",
            "    def __init__(self, cfg: HeadConfig = HeadConfig([4, 4])):\n"
            "        super().__init__()\n        self.cfg = cfg\n",
        ),  # a parameter annotated with the dataclass
    ],
)
def test_tl212_is_silent_on_a_dataclass_compiled_with_torch_jit_script(old, new):
    assert old in DATACLASS_CALL
    source = DATACLASS_CALL.replace(old, new)
    before = {d.code for d in lint_text("example.py", source, SETTINGS).diagnostics}
    fixed = fixed_text(source, SETTINGS)
    after = {d.code for d in lint_text("example.py", fixed, SETTINGS).diagnostics}
    assert "TL212" in before and "TL212" not in after


@requires_torch
def test_torch_scripts_the_position_tests_beside_the_other_loop_fixes():
    # The loops tests/test_repair_script.py and tests/test_repair_script_heldout15b.py once
    # left alone: two containers at one index, a literal range bound, a third container.
    from .test_repair_script import STACK
    from .test_repair_script import _model as stack_model
    from .test_repair_script_heldout15b import _lines
    from .test_repair_script_heldout15b import _model as layers_model

    two = stack_model(
        "for k in range(len(self.stages)):\n"
        "    x = self.gates[k](self.stages[k](x))\n"
        "for j in range(2):\n"
        "    x = self.stages[j](x)\n"
        "return x\n",
        init=STACK,
    )
    third = layers_model(
        _lines(
            "for i, layer in enumerate(self.layers):",
            "    x = self.norms[i](x) + self.gains[i] * layer(x)",
            "return x",
        )
    )
    for source in (normalized(two), third):
        assert_script_repaired(source, fixed_text(source, SETTINGS, unsafe=True))
