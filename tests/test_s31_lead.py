"""Session 31 (lead): a self attribute bound to the result of a project function imported from
another module (``self.alpha = compute_alpha(a0, beta, ratio)`` of ``from .alpha import
compute_alpha``) has the kind that function returns (fresh21's aion-torch ``.item()`` miss)."""

from __future__ import annotations

import importlib
import sys
import textwrap
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import project_findings

ALPHA = """
import torch


def compute_alpha(alpha0: torch.Tensor, ratio: torch.Tensor) -> torch.Tensor:
    return alpha0 / (1 + ratio)


def layer_count(widths: list) -> int:
    return len(widths)
"""

TENSOR_ATTRIBUTE = """
import torch
from torch import nn

from .alpha import compute_alpha


class Residual(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("alpha_cached", torch.tensor(0.2))
        self.alpha0 = nn.Parameter(torch.tensor(0.1))

    def forward(self, x, y, return_stats: bool = True):
        self.alpha_cached = compute_alpha(self.alpha0, y.abs().mean())
        out = x + self.alpha_cached * y
        if return_stats:
            return out, out.new_tensor([self.alpha_cached.item()])  # FLAG
        return out
"""

CONST_ATTRIBUTE = """
import torch
from torch import nn

from .alpha import layer_count


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.depth = layer_count([4, 4, 4])
        self.fc = nn.Linear(4, 4)

    def forward(self, x, y, return_stats: bool = True):
        if self.depth > 2:
            x = self.fc(x)
        return x + y
"""


def _files(module: str) -> dict[str, str]:
    return {"pkg/__init__.py": "", "pkg/alpha.py": ALPHA, "pkg/model.py": module}


def _flag_lines(source: str) -> set[int]:
    lines = textwrap.dedent(source).lstrip("\n").splitlines()
    return {i for i, line in enumerate(lines, 1) if line.endswith("# FLAG")}


def test_attribute_from_an_imported_tensor_function_is_a_tensor(tmp_path: Path) -> None:
    found = project_findings(tmp_path, _files(TENSOR_ATTRIBUTE), "TL103", "compile")
    assert {line for name, line in found if name == "model.py"} == _flag_lines(TENSOR_ATTRIBUTE)


def test_attribute_from_an_imported_int_function_is_no_tensor(tmp_path: Path) -> None:
    assert project_findings(tmp_path, _files(CONST_ATTRIBUTE), "TL101", "compile") == []


def _model(root: Path, module: str, name: str) -> object:
    for relative, text in _files(module).items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))
    sys.path.insert(0, str(root))
    try:
        return getattr(importlib.import_module("pkg.model"), name)()
    finally:
        sys.path.remove(str(root))
        for loaded in [m for m in sys.modules if m == "pkg" or m.startswith("pkg.")]:
            del sys.modules[loaded]


@requires_torch
@pytest.mark.parametrize(
    ("module", "name", "breaks"),
    [(TENSOR_ATTRIBUTE, "Residual", True), (CONST_ATTRIBUTE, "Stack", False)],
)
def test_torch_breaks_the_graph_only_on_the_tensor_attribute(
    tmp_path: Path, module: str, name: str, breaks: bool
) -> None:
    import torch

    torch._dynamo.reset()
    model = _model(tmp_path, module, name).eval()
    x, y = torch.randn(2, 4), torch.randn(2, 4)
    explained = torch._dynamo.explain(model)(x, y)
    # Dynamo stops at the `.item()` (a break reason) and runs the rest in Python.
    assert any("item()" in str(b.reason) for b in explained.break_reasons) is breaks
    if not breaks:
        assert not explained.break_reasons
        torch.compile(model, fullgraph=True)(x, y)
