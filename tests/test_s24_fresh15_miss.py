"""Session 24 (helper-222): what fresh15's compile and script misses led to, in other spellings.

- TL207: a number an imported module binds once to a signed literal, arithmetic of numbers or
  a number conversion (pytorch-partial-crf's ``IMPOSSIBLE_SCORE = -100`` imported from its
  ``utils``; here ``-1e4``, ``2 ** 15 - 1``, ``1 / 255``, ``-float("inf")``) is a Python
  value TorchScript cannot use.
- TL107: a data-sized tensor method called with positional arguments (torchist's
  ``idx.bincount(weights, minlength=...)``; here ``t.unique(True)``) breaks the graph like the
  bare call.
- TL107: indexing with the result of a project function whose every ``return`` gives a
  boolean tensor, or annotated ``-> BoolTensor`` (torchist's ``x[~out_of_bounds(x, low,
  upp)]``, ``return torch.logical_or(a, b)``; here a comparison bound to a local, ``&`` of
  comparisons, ``isfinite``), selects by a mask.

Each claim about torch is checked by running torch.jit.script / torch.compile.
"""

from __future__ import annotations

import importlib
import sys
import textwrap
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import project_findings

# ---------------------------------------------------------------- TL207: imported numbers

CONSTANTS = """
NEG = -1e4
LIMIT = 2 ** 15 - 1
INV = 1 / 255
NEG_INF = -float("inf")
"""

# A module that rebinds `float`: `-float("inf")` is then no known number.
REBOUND_CONSTANTS = """
def float(text):
    return text


NEG_INF = -float("inf")
"""


def _reader(package: str, name: str, expression: str) -> str:
    return f"""
import torch
from torch import nn

from {package}.consts import {name}


class Model(nn.Module):
    def forward(self, x):
        return {expression}
"""


READS = {
    "NEG": "x.masked_fill(x < 0, NEG)",
    "LIMIT": "x.clamp(max=LIMIT)",
    "INV": "x * INV",
    "NEG_INF": "x.masked_fill(x > 1, NEG_INF)",
}


def _project(root: Path, package: str, consts: str, name: str) -> dict[str, str]:
    return {
        f"{package}/__init__.py": "",
        f"{package}/consts.py": consts,
        f"{package}/model.py": _reader(package, name, READS[name]),
    }


@pytest.mark.parametrize("name", sorted(READS))
def test_imported_number_flagged(tmp_path: Path, name: str) -> None:
    found = project_findings(
        tmp_path, _project(tmp_path, "numbers", CONSTANTS, name), "TL207", "script"
    )
    assert found == [("model.py", 9)]


def test_imported_conversion_of_rebound_builtin_not_claimed(tmp_path: Path) -> None:
    files = _project(tmp_path, "rebound", REBOUND_CONSTANTS, "NEG_INF")
    assert project_findings(tmp_path, files, "TL207", "script") == []


def _import_project(root: Path, files: dict[str, str], module: str):  # type: ignore[no-untyped-def]
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module(module)
    finally:
        sys.path.remove(str(root))


@requires_torch
@pytest.mark.parametrize("name", sorted(READS))
def test_imported_number_confirmed_by_script(tmp_path: Path, name: str) -> None:
    import torch

    package = f"scripted_{name.lower()}"
    model = _import_project(
        tmp_path, _project(tmp_path, package, CONSTANTS, name), f"{package}.model"
    )
    model.Model()(torch.randn(2, 3))  # eager runs
    with pytest.raises(RuntimeError, match="cannot be used as a value"):
        torch.jit.script(model.Model())


# ------------------------------------------------- TL107: data-sized methods with arguments

POSITIONAL_BINCOUNT = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        idx = (x * 4).long().clamp(0, 3)
        weights = x.abs()
        return idx.bincount(weights, minlength=4) * 2
"""

POSITIONAL_UNIQUE = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        idx = (x * 4).long()
        return idx.unique(True).float().sum() + x.sum()
"""

# Not data-sized: `x.sum(0)`, a method of the same call shape.
POSITIONAL_REDUCTION = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        idx = (x * 4).long()
        return idx.sum(0).float() + x.sum()
"""


def _graph_breaks(module) -> list[str]:  # type: ignore[no-untyped-def]
    import torch
    from torch._dynamo.utils import counters

    torch._dynamo.reset()
    counters.clear()
    torch.compile(module.Model(), backend="eager")(torch.rand(12))
    return [reason.split("\n")[0] for reason in counters["graph_break"]]


@pytest.mark.parametrize(
    ("source", "lines"),
    [(POSITIONAL_BINCOUNT, [9]), (POSITIONAL_UNIQUE, [8]), (POSITIONAL_REDUCTION, [])],
)
def test_positional_data_sized_method(tmp_path: Path, source: str, lines: list[int]) -> None:
    found = project_findings(tmp_path, {"model.py": source}, "TL107", "compile")
    assert [line for _, line in found] == lines


@requires_torch
@pytest.mark.parametrize(
    ("name", "source", "breaks"),
    [
        ("bincount", POSITIONAL_BINCOUNT, True),
        ("unique", POSITIONAL_UNIQUE, True),
        ("reduction", POSITIONAL_REDUCTION, False),
    ],
)
def test_positional_data_sized_method_confirmed(
    tmp_path: Path, name: str, source: str, breaks: bool
) -> None:
    module_name = f"positional_{name}"
    module = _import_project(tmp_path, {f"{module_name}.py": source}, module_name)
    found = _graph_breaks(module)
    assert ("Dynamic shape operator" in found) is breaks, found


# ------------------------------------------------------- TL107: masks from project helpers

MASKS = """
import torch
from torch import Tensor


def outside(x, low: float, high: float) -> Tensor:
    too_low = x < low
    return too_low | (x > high)


def inside(x: Tensor) -> Tensor:
    keep = (x > 0.1) & (x < 0.9)
    return keep


def finite(x: Tensor) -> torch.BoolTensor:
    return x.isfinite()


def scaled(x: Tensor) -> Tensor:
    return (x * 3).long()
"""


def _selector(package: str, expression: str) -> str:
    return f"""
import torch
from torch import nn

from {package} import masks


class Model(nn.Module):
    def forward(self, x):
        y = x * 2
        return {expression}.sum()
"""


SELECTIONS = {
    "outside": ("y[~masks.outside(y, 0.2, 1.6)]", True),
    "inside": ("y[masks.inside(x)]", True),
    "finite": ("y[masks.finite(y)]", True),
    # an integer index tensor: a gather, of the index's shape
    "scaled": ("y[masks.scaled(x)]", False),
}


@pytest.mark.parametrize("helper", sorted(SELECTIONS))
def test_mask_from_project_helper(tmp_path: Path, helper: str) -> None:
    expression, flagged = SELECTIONS[helper]
    files = {
        "sel/__init__.py": "",
        "sel/masks.py": MASKS,
        "sel/model.py": _selector("sel", expression),
    }
    found = project_findings(tmp_path, files, "TL107", "compile")
    assert found == ([("model.py", 10)] if flagged else [])


@requires_torch
@pytest.mark.parametrize("helper", sorted(SELECTIONS))
def test_mask_from_project_helper_confirmed(tmp_path: Path, helper: str) -> None:
    expression, flagged = SELECTIONS[helper]
    package = f"selected_{helper}"
    files = {
        f"{package}/__init__.py": "",
        f"{package}/masks.py": MASKS,
        f"{package}/model.py": _selector(package, expression),
    }
    module = _import_project(tmp_path, files, f"{package}.model")
    found = _graph_breaks(module)
    assert ("Dynamic shape operator" in found) is flagged, found


# ------------------------------------------- TL223: a setter's parameter is a Tensor in script

SETTER = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self._steps = 0

    @property
    def steps(self):
        return self._steps

    @steps.setter
    def steps(self, count{annotation}):
        self._steps = count

    def remember(self, seen):
        self._steps = seen

    def forward(self, x):
        return x * 2
"""


@pytest.mark.parametrize(("annotation", "lines"), [("", [16]), (": int", [])])
def test_setter_parameter_stored_on_number_attribute(
    tmp_path: Path, annotation: str, lines: list[int]
) -> None:
    # `remember` is compiled by no back-end (forward never calls it): not flagged either way.
    files = {"model.py": SETTER.format(annotation=annotation)}
    assert [line for _, line in project_findings(tmp_path, files, "TL223", "script")] == lines


@requires_torch
@pytest.mark.parametrize(("annotation", "scripts"), [("", False), (": int", True)])
def test_setter_parameter_confirmed_by_script(
    tmp_path: Path, annotation: str, scripts: bool
) -> None:
    import torch

    name = "setter_plain" if annotation == "" else "setter_annotated"
    module = _import_project(tmp_path, {f"{name}.py": SETTER.format(annotation=annotation)}, name)
    try:
        torch.jit.script(module.Model())
    except RuntimeError as error:
        assert not scripts
        assert "Expected int but got Tensor (inferred)" in str(error)
    else:
        assert scripts


# ------------------------------------------ TL209: a property's setter that stores itself

SELF_STORING_SETTER = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self._level = 0

    @property
    def level(self):
        return self._level

    @level.setter
    def level(self, value: int):
        if value < 0:
            {store}
        else:
            self._level = value

    def forward(self, x):
        return x * 2
"""

SETTER_STORES = {
    "assigned": ("self.level = 0", True),
    "augmented": ("self.level -= value", True),
    "wrapped": ("self._level = 0", False),
}


@pytest.mark.parametrize("case", sorted(SETTER_STORES))
def test_setter_storing_its_property(tmp_path: Path, case: str) -> None:
    store, flagged = SETTER_STORES[case]
    files = {"model.py": SELF_STORING_SETTER.format(store=store)}
    found = [line for _, line in project_findings(tmp_path, files, "TL209", "script")]
    assert found == ([17] if flagged else [])


@requires_torch
@pytest.mark.parametrize("case", sorted(SETTER_STORES))
def test_setter_storing_its_property_confirmed(tmp_path: Path, case: str) -> None:
    import torch

    store, flagged = SETTER_STORES[case]
    name = f"setter_store_{case}"
    module = _import_project(
        tmp_path, {f"{name}.py": SELF_STORING_SETTER.format(store=store)}, name
    )
    model = module.Model()
    model.level = -1  # Python runs the setter again, once
    assert model.level >= 0
    try:
        torch.jit.script(module.Model())
    except RuntimeError as error:
        assert flagged
        assert "'__level_setter' is called recursively" in str(error)
    else:
        assert not flagged
