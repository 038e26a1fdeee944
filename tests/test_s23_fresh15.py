"""Session 23 (helper-217): what fresh15's false findings led to, in other spellings.

- Every ``is_*`` attribute of a tensor (``x.is_mps``, ``x.is_xpu``, ``x.is_sparse_csr``) is a
  Python bool about its device or layout, not a tensor: a condition on it is no condition on
  tensor data (torchmetrics' ``_bincount``: ``if torch.are_deterministic_algorithms_enabled()
  or _XLA_AVAILABLE or x.is_mps:``).
- An identity test (``n is None``, ``n is not None``) of a number that may hold a
  data-dependent size guards on nothing (torchmetrics' ``if minlength is None: minlength =
  len(torch.unique(x))``).

Each claim about torch is checked by running torch.compile(fullgraph=True) / torch.export.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings, load_module

DEVICE_FLAGS = """
import torch
from torch import nn


def pick(y):
    if y.is_xpu or y.is_sparse_csr or y.is_mkldnn:
        return y * 2
    return y + 1


class Model(nn.Module):
    def forward(self, x):
        return pick(x)
"""

DEVICE_FLAG_AND_DATA = """
import torch
from torch import nn


def pick(y):
    if y.is_vulkan or (y > 0).any():
        return y * 2
    return y + 1


class Model(nn.Module):
    def forward(self, x):
        return pick(x)
"""

IDENTITY_OF_SIZE = """
import torch
from torch import nn


def bins_of(values, bins=None):
    if bins is not None:
        return values * bins
    bins = torch.nonzero(values).shape[0]
    return values * 2


class Model(nn.Module):
    def forward(self, x):
        return bins_of(x)
"""

EQUALITY_OF_SIZE = """
import torch
from torch import nn


def bins_of(values, bins=None):
    bins = torch.nonzero(values).shape[0]
    if bins == 0:
        return values * 2
    return values + 1


class Model(nn.Module):
    def forward(self, x):
        return bins_of(x)
"""


def _fullgraph_ok(root: Path, source: str, name: str) -> bool:
    import torch

    module = load_module(root, source, name)
    torch._dynamo.reset()
    try:
        torch.compile(module.Model(), fullgraph=True, backend="eager")(torch.randn(4, 3))
    except Exception:  # noqa: BLE001
        return False
    return True


def _export_ok(root: Path, source: str, name: str) -> bool:
    import torch

    module = load_module(root, source, name)
    try:
        torch.export.export(module.Model(), (torch.randn(4, 3),))
    except Exception:  # noqa: BLE001
        return False
    return True


def test_device_flags_are_no_tensor_condition() -> None:
    for target in ("compile", "export", "trace"):
        assert findings(DEVICE_FLAGS, "TL101", target) == []


def test_device_flag_beside_data_still_flagged() -> None:
    found = findings(DEVICE_FLAG_AND_DATA, "TL101", "compile")
    assert [d.line for d in found] == [6]


@requires_torch
@pytest.mark.parametrize(
    ("source", "compiles"), [(DEVICE_FLAGS, True), (DEVICE_FLAG_AND_DATA, False)]
)
def test_device_flags_confirmed_by_compile(tmp_path: Path, source: str, compiles: bool) -> None:
    name = "flags_ok" if compiles else "flags_data"
    assert _fullgraph_ok(tmp_path, source, name) is compiles


def test_identity_test_of_size_not_flagged() -> None:
    for target in ("compile", "export"):
        assert 6 not in [d.line for d in findings(IDENTITY_OF_SIZE, "TL107", target)]


def test_equality_of_size_still_flagged() -> None:
    found = findings(EQUALITY_OF_SIZE, "TL107", "export")
    assert 7 in [d.line for d in found]


@requires_torch
@pytest.mark.parametrize(
    ("source", "exports"), [(IDENTITY_OF_SIZE, True), (EQUALITY_OF_SIZE, False)]
)
def test_identity_test_confirmed_by_export(tmp_path: Path, source: str, exports: bool) -> None:
    name = "size_identity" if exports else "size_equality"
    assert _export_ok(tmp_path, source, name) is exports
