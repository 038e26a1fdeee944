"""Session 24 (helper-226): what fresh16's compile misses led to, in other spellings.

stable-trunc-gaussian's legacy ``SequentialTruncatedGaussian`` is a torch Distribution a
model builds in its forward from the network's outputs. Three things hid its tensor tests:

- what its constructor stores from tensor arguments (``self._a = a``, ``self._alpha = (a -
  mu) / sigma``) was read as a config number, as a module's constructor arguments are; a
  constructor graph code runs keeps what it is given (here ``self.low = low``,
  ``self._width = self.high - self.low``);
- ``cls._F_1(...)`` of ``cls = self.__class__`` called nothing the linter knew (here
  ``type(self)._middle(...)``, ``kind._spread(...)`` of ``kind = self.__class__``); and a
  staticmethod or classmethod called through its class name (``Interval._middle(b, a)``)
  passed its arguments' kinds to no parameter;
- its recursion ``_F_1(y, x)`` joined a first pass's guess into the parameters for good.

Each claim about torch is checked by running torch.compile(fullgraph=True) and torch.jit.trace.
"""

from __future__ import annotations

import importlib
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import project_findings

INTERVAL = """
import torch


class Interval:
    def __init__(self, low, high, steps=3):
        if low.dim() != high.dim():
            raise ValueError("low and high differ in rank")
        self.low = low
        self.high = high
        self.steps = steps
        self._width = self.high - self.low

    @staticmethod
    def _middle(a, b):
        if a > b:  # FLAG middle
            return Interval._middle(b, a)
        return (a + b) / 2

    @classmethod
    def _spread(cls, width, steps):
        if width < 0:  # FLAG spread
            return -width / steps
        return width / steps

    def middle(self):
        return type(self)._middle(self.low, self.high)

    def wide(self):
        if self._width > 1:  # FLAG wide
            return self._width
        return self._width * 2

    def scaled(self):
        kind = self.__class__
        return kind._spread(self._width, self.steps)

    def repeat(self):
        if self.steps > 2:  # CLEAN steps
            return self.low * self.steps
        return self.low
"""

# A module's constructor runs outside forward: what it stores from its arguments is a setting.
MODULE = """
import torch
from torch import nn


class Scaled(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale
        self.half = self.scale / 2

    def forward(self, x):
        if self.half > 1:  # CLEAN module
            return x * self.scale
        return x
"""


def _files(package: str, source: str) -> dict[str, str]:
    module = source.split("class ", 1)[1].split("(")[0].split(":")[0]
    return {
        f"{package}/__init__.py": f"from .core import {module}\n",
        f"{package}/core.py": source,
    }


def _marked(source: str, tag: str) -> list[int]:
    lines = textwrap.dedent(source).lstrip("\n").splitlines()
    return [number for number, line in enumerate(lines, 1) if f"# {tag}" in line]


def test_tensor_tests_of_an_object_made_in_graph_code(tmp_path: Path) -> None:
    found = project_findings(tmp_path, _files("interval", INTERVAL), "TL101", "compile")
    flagged = {line for name, line in found if name == "core.py"}
    assert _marked(INTERVAL, "FLAG") and set(_marked(INTERVAL, "FLAG")) <= flagged
    assert not set(_marked(INTERVAL, "CLEAN")) & flagged
    traced = project_findings(tmp_path, _files("interval", INTERVAL), "TL101", "trace")
    assert set(_marked(INTERVAL, "FLAG")) <= {line for _, line in traced}


def test_module_constructor_arguments_stay_settings(tmp_path: Path) -> None:
    found = project_findings(tmp_path, _files("scaled", MODULE), "TL101", "compile")
    assert found == []


def _import(root: Path, files: dict[str, str], module: str):  # type: ignore[no-untyped-def]
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module(module)
    finally:
        sys.path.remove(str(root))


# method of Interval each flagged line is reached from (one model per line).
CALLS = {"middle": "middle", "spread": "scaled", "wide": "wide"}


def _compiles_whole(model, *inputs) -> bool:  # type: ignore[no-untyped-def]
    """Whether torch.compile(fullgraph=True) takes the model as one graph; the error it
    raises otherwise must be the data-dependent branch."""
    import torch

    torch._dynamo.reset()
    try:
        torch.compile(model, fullgraph=True, backend="eager")(*inputs)
    except torch._dynamo.exc.Unsupported as error:
        assert "Data-dependent branching" in str(error)
        return False
    return True


@requires_torch
@pytest.mark.parametrize("tag", sorted(CALLS))
def test_torch_breaks_on_each_flagged_test(tmp_path: Path, tag: str) -> None:
    import torch

    package = _import(tmp_path, _files(f"interval_{tag}", INTERVAL), f"interval_{tag}")
    method = CALLS[tag]

    class Model(torch.nn.Module):
        def forward(self, x):  # type: ignore[no-untyped-def]
            made = package.Interval(x.min(), x.max() + 3.0)
            return getattr(made, method)() + x

    x = torch.randn(5)
    assert not _compiles_whole(Model(), x)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(Model(), (x,))
    assert any("Converting a tensor to a Python boolean" in str(w.message) for w in caught)


@requires_torch
def test_torch_compiles_the_clean_tests(tmp_path: Path) -> None:
    import torch

    interval = _import(tmp_path, _files("interval_clean", INTERVAL), "interval_clean")
    scaled = _import(tmp_path, _files("scaled_clean", MODULE), "scaled_clean")

    class Model(torch.nn.Module):
        def forward(self, x):  # type: ignore[no-untyped-def]
            return interval.Interval(x.min(), x.max(), 4).repeat() + x

    x = torch.randn(5)
    assert _compiles_whole(Model(), x)
    assert _compiles_whole(scaled.Scaled(4.0), x)
