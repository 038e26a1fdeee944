"""Session 27 (helper-245): what fresh18's compile and export misses led to, in other spellings.

- The front door of a package of modules: exact-snn-nn's ``__init__.py`` offers
  ``latency_encode(images)`` and ``latency_cross_entropy(t_out, y, t_max)`` beside its layers,
  each starting with ``if torch.isnan(x).any(): raise ValueError(...)``. None of its modules'
  forwards calls them (a training helper and a module's ``loss`` method do), so no region held
  them and TL101 said nothing; users call them in their own forward, around the package's
  layers, where torch.compile(fullgraph=True) and torch.export fail on the check. The public
  functions the top-level ``__init__`` defines or imports from the package are roots once the
  regions reach no more, read as a function library's API (one a forward calls is reached
  from it, as before); one that takes a model, an optimizer or a loader (a training loop) is
  driver code and stays out, and so does a private function and a function of a module the
  ``__init__`` does not offer.
- TL317 on ``x.storage_offset()`` (cplxmodule's ``real_view``): the table of tensor methods
  returning a Python value now asks the tensor methods with no ``torch.*`` function of their
  name too; torch 2.13's fullgraph compile raises "torch.* op returned non-Tensor" there.

Each claim about torch is checked by running it.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings, load_module, project_findings

FRONT = """
import torch
from torch import nn

from .layers import Layer, scale


def encode(images, t_max: float = 40.0):
    if torch.isnan(images).any():
        raise ValueError("no NaN")
    return t_max * (1.0 - images.clamp(0.01, 0.99))


def cross_entropy(t_out, y):
    if torch.isnan(t_out).any():
        raise ValueError("no NaN")
    return nn.functional.cross_entropy(-t_out, y)


def train_simple(model, X, y, epochs: int = 2):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(epochs):
        loss = cross_entropy(model(encode(X)), y)
        if torch.isnan(loss).any():
            break
        loss.backward()
        opt.step()


def _private(x):
    if torch.isnan(x).any():
        raise ValueError("no NaN")
    return x
"""

LAYERS = """
import torch
from torch import nn


def scale(x):
    if torch.isnan(x).any():
        raise ValueError("no NaN")
    return x * 2


def unexported(x):
    if torch.isnan(x).any():
        raise ValueError("no NaN")
    return x


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, t):
        return self.fc(t)

    def loss(self, t, y):
        return cross_entropy_of(self(t), y)


def cross_entropy_of(t, y):
    return nn.functional.cross_entropy(t, y)
"""


def _project(tmp_path: Path, code: str = "TL101", target: str = "compile") -> set[tuple[str, int]]:
    return set(
        project_findings(
            tmp_path / "src",
            {"spk/__init__.py": FRONT, "spk/layers.py": LAYERS},
            code,
            target,
        )
    )


@pytest.mark.parametrize("target", ["compile", "export"])
def test_front_door_functions_no_forward_calls_are_graph_code(tmp_path: Path, target: str):
    found = _project(tmp_path, target=target)
    # encode's and cross_entropy's checks; scale, imported by the __init__ from the package.
    assert ("__init__.py", 8) in found
    assert ("__init__.py", 14) in found
    assert ("layers.py", 6) in found


def test_driver_private_and_unoffered_functions_stay_out(tmp_path: Path):
    found = _project(tmp_path)
    assert ("__init__.py", 23) not in found  # train_simple takes a model: a training loop
    assert ("__init__.py", 30) not in found  # _private
    assert ("layers.py", 12) not in found  # unexported: the __init__ does not offer it


USER_MODEL = """
import torch
from torch import nn


def encode(images, t_max: float = 40.0):
    if torch.isnan(images).any():
        raise ValueError("no NaN")
    return t_max * (1.0 - images.clamp(0.01, 0.99))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.fc(encode(x))
"""


@requires_torch
def test_torch_rejects_the_front_door_check_in_a_users_forward(tmp_path: Path):
    import torch

    module = load_module(tmp_path, USER_MODEL, "user_model_s27")
    model = module.Model()
    x = torch.rand(2, 4)
    torch._dynamo.reset()
    with pytest.raises(Exception, match="[Dd]ata-dependent"):
        torch.compile(model, fullgraph=True, backend="eager")(x)
    torch._dynamo.reset()
    with pytest.raises(Exception, match="data-dependent"):
        torch.export.export(model, (x,))


STORAGE = """
import torch
from torch import nn


def real_view(x):
    offset = x.storage_offset()
    return x.as_strided(x.shape[:-1], x.stride()[:-1], offset)


class Model(nn.Module):
    def forward(self, x):
        return real_view(x) * 2
"""

STORAGE_UNUSED = """
import torch
from torch import nn


def describe(x):
    return f"offset {x.storage_offset()}"


class Model(nn.Module):
    def forward(self, x):
        return x * 2
"""


def test_storage_offset_in_graph_code_flagged():
    found = findings(STORAGE, "TL317", "compile")
    assert [d.line for d in found] == [6]
    assert "torch.* op returned non-Tensor" in found[0].message


def test_storage_offset_outside_graph_code_not_flagged():
    assert findings(STORAGE_UNUSED, "TL317", "compile") == []


@requires_torch
def test_torch_rejects_storage_offset_under_fullgraph(tmp_path: Path):
    import torch

    module = load_module(tmp_path, textwrap.dedent(STORAGE), "storage_s27")
    x = torch.randn(2, 4)
    module.Model()(x)  # eager runs it
    torch._dynamo.reset()
    with pytest.raises(Exception, match=r"torch\.\* op returned non-Tensor"):
        torch.compile(module.Model(), fullgraph=True, backend="eager")(x)
    torch._dynamo.reset()
