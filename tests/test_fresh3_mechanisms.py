"""Mechanisms from the fresh3 accuracy corpus's misses and false findings, each linted and, for
compile and export, run through torch.

- A method ``torch.Tensor`` lacks, called on a tensor subclass (flowtorch's
  ``BijectiveTensor.from_forward()``), returns what its class says: no tensor condition.
- ``y in set(xs)`` hashes the tensor (by identity): no tensor condition.
- After ``if isinstance(k, int): k = torch.full(...) else: raise``, ``k`` is the tensor the
  body made (torch-kmeans' ``_check_k``), so ``if (k >= n).any(): raise`` is a tensor condition.
- A function handed to a helper that calls it (xlstm's registry entry kept on ``self`` and
  passed to ``slstm_forward``) is graph code.
- ``edge_index[:, mask]``: a boolean mask in any position of the index (torch-geometric's
  ``remove_self_loops``).
- ``edge_weight: OptTensor = None``, with ``OptTensor = Optional[Tensor]`` imported from another
  module of the project (torch-geometric's ``typing``), scripts.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.run import lint_files
from torchlint.lint.settings import Settings

from .conftest import requires_torch


def _findings(source: str, code: str, target: str) -> list:
    settings = Settings(select=(code,), targets=(target,), targets_explicit=True)
    result = lint_text("model.py", textwrap.dedent(source).lstrip("\n"), settings)
    assert not result.errors, result.errors
    return [d for d in result.diagnostics if d.code == code and target in d.targets]


SUBCLASS_METHOD = """
    import torch
    from torch import nn

    class Tagged(torch.Tensor):
        def from_forward(self) -> bool:
            return getattr(self, "_mode", "") == "forward"

    class Model(nn.Module):
        def forward(self, x):
            y = x * 2
            if isinstance(y, Tagged) and y.from_forward():
                return y
            return y + 1

    def inputs():
        return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""

SET_MEMBERSHIP = """
    import torch
    from torch import nn

    class Model(nn.Module):
        def forward(self, x):
            y = x * 2
            seen = [x, y]
            if y in set(seen):
                return y
            return y + 1

    def inputs():
        return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""

CHECKED_K = """
    import torch
    from torch import nn

    class Model(nn.Module):
        def __init__(self, n_clusters: int = 3):
            super().__init__()
            self.n_clusters = n_clusters

        def _check_k(self, k, dims):
            bs, n, d = dims
            if not isinstance(k, torch.Tensor):
                if k is None:
                    k = self.n_clusters
                if isinstance(k, int):
                    k = torch.empty(bs, dtype=torch.long).fill_(k)
                else:
                    raise TypeError("k must be an int or a tensor")
            if (k >= n).any():
                raise ValueError("k must be smaller than the number of points")
            return k

        def forward(self, x, k=None):
            k = self._check_k(k, x.shape)
            return x * k[:, None, None]

    def inputs():
        return [(torch.randn(2, 5, 3),), (torch.randn(3, 6, 3),)]
"""

PASSED_FUNCTION = """
    import torch
    from torch import nn

    def pointwise(x, n):
        if torch.all(n == 0.0):
            return x
        return x * 2

    REGISTRY = {"scaled": pointwise}

    def run(x, n, fn):
        return fn(x, n)

    class Model(nn.Module):
        def __init__(self, kind: str = "scaled"):
            super().__init__()
            self.fn = REGISTRY[kind]

        def forward(self, x):
            return run(x, x.sum(0), self.fn)

    def inputs():
        return [(torch.randn(2, 3),), (torch.zeros(4, 3),)]
"""

MASK_IN_SECOND_POSITION = """
    import torch
    from torch import nn

    def remove_self_loops(edge_index):
        mask = edge_index[0] != edge_index[1]
        return edge_index[:, mask]

    class Model(nn.Module):
        def forward(self, x, edge_index):
            y = x * 2
            kept = remove_self_loops(edge_index)
            return y[kept[0]].sum(0)

    def inputs():
        edges = torch.tensor([[0, 1, 2, 2], [1, 1, 0, 2]])
        return [(torch.randn(3, 4), edges), (torch.randn(3, 4), edges.flip(0))]
"""

# (id, source, code, back-end, torch fails there)
CASES = [
    ("tensor-subclass-method", SUBCLASS_METHOD, "TL101", "compile", False),
    ("set-membership", SET_MEMBERSHIP, "TL101", "compile", False),
    ("tensor-made-on-the-only-path-on", CHECKED_K, "TL101", "compile", True),
    ("tensor-made-on-the-only-path-on-export", CHECKED_K, "TL101", "export", True),
    ("function-handed-to-a-helper", PASSED_FUNCTION, "TL101", "compile", True),
    ("mask-in-second-position", MASK_IN_SECOND_POSITION, "TL107", "compile", True),
]
PARAMS = [pytest.param(*case[1:], id=case[0]) for case in CASES]


@pytest.mark.parametrize(("source", "code", "backend", "fails"), PARAMS)
def test_finding_follows_the_mechanism(source, code, backend, fails):
    found = _findings(source, code, backend)
    assert bool(found) == fails, [(d.line, d.message) for d in found]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("source", "code", "backend", "fails"), PARAMS)
def test_torch_labels_the_mechanism(source, code, backend, fails):
    from .oracle import check

    verdict = check(textwrap.dedent(source).lstrip("\n"), backend)
    assert (not verdict.ok) == fails, verdict


def _project(tmp_path: Path, typing_module: str) -> list:
    package = tmp_path / "graphs"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "typing.py").write_text(typing_module)
    (package / "conv.py").write_text(
        "import torch\nfrom torch import Tensor, nn\n\nfrom graphs.typing import OptTensor\n\n\n"
        "class Conv(nn.Module):\n"
        "    def forward(self, x: Tensor, edge_weight: OptTensor = None) -> Tensor:\n"
        "        if edge_weight is None:\n            return x\n"
        "        return x * edge_weight\n"
    )
    settings = Settings(select=("TL202",), targets=("script",), targets_explicit=True)
    results = lint_files([str(package / "typing.py"), str(package / "conv.py")], settings)
    return [d for r in results for d in r.diagnostics if d.code == "TL202"]


@pytest.mark.parametrize(
    "alias",
    [
        "OptTensor = Optional[Tensor]",
        "OptTensor = Union[Tensor, None]",
        "OptTensor = Union[None, Tensor]",
    ],
)
def test_an_optional_alias_imported_from_another_module_takes_none(tmp_path: Path, alias: str):
    typing_module = f"from typing import Optional, Union\n\nfrom torch import Tensor\n\n{alias}\n"
    assert _project(tmp_path, typing_module) == []


def test_an_alias_that_takes_no_none_is_still_flagged(tmp_path: Path):
    typing_module = "from torch import Tensor\n\nOptTensor = Tensor\n"
    assert [d.line for d in _project(tmp_path, typing_module)] == [8]
