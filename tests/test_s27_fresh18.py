"""Session 27 (helper-245): what fresh18's compile and export misses led to, in other spellings.

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
from .lint_helpers import findings, load_module

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
