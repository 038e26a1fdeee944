"""Script mechanisms found missing on the generalisation corpora, each linted and scripted.

Each case is a module; the rule flags it exactly when ``torch.jit.script`` rejects it (the
torch half runs where torch is installed). The forms vary the corpus sites: a tuple as a truth
value (rtdl's ``if not batch_dims:``), an index past a tuple's length (monai's PatchEmbed), an
attribute annotated Optional in the class body (monai's DynUNetSkipLayer.heads), an attribute
set only after an early ``return`` of ``__init__`` (pytorch-tabnet's EmbeddingGenerator), a
NumPy array kept on the module (normflows' _LULinear), a ``torch.distributed`` call (monai's
VectorQuantizer).
"""

from __future__ import annotations

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.registry import all_rules
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .test_script_schema import scripts

HEAD = "from typing import List, Optional, Tuple\n\nimport numpy as np\nimport torch\nfrom torch import nn\n\n\n"


def _module(init: str, forward: str, signature: str = "x", annotations: str = "") -> str:
    """A module whose ``__init__`` runs ``init`` and whose ``forward(self, <signature>)`` runs
    ``forward`` (both indented 8 spaces in the source)."""
    return (
        HEAD + "class Model(nn.Module):\n" + annotations + "    def __init__(self):\n"
        "        super().__init__()\n" + init + "\n\n"
        f"    def forward(self, {signature}):\n" + forward + "\n"
    )


# (rule, module source, whether the rule flags it). Torch's verdict is computed in the test.
CASES = [
    # A tuple as a truth value: parameter, local, attribute; lists and sizes are fine.
    (
        "TL204",
        _module(
            "        pass",
            "        if not t:\n            return x\n        return x",
            "x, t: Tuple[int, int]",
        ),
        True,
    ),
    (
        "TL204",
        _module("        pass", "        return x if t else x + 1", "x, t: Tuple[int]"),
        True,
    ),
    (
        "TL204",
        _module("        pass", "        assert t\n        return x", "x, t: tuple[int, int]"),
        True,
    ),
    (
        "TL204",
        _module(
            "        pass",
            "        t = (1, 2)\n        while t:\n            return x\n        return x",
        ),
        True,
    ),
    (
        "TL204",
        _module("        self.k = (3, 3)", "        y = self.k and True\n        return x"),
        True,
    ),
    (
        "TL204",
        _module(
            "        self.k = tuple([3, 3])",
            "        if self.k:\n            return x\n        return x",
        ),
        True,
    ),
    (
        "TL204",
        _module(
            "        self.k = [3, 3]", "        if self.k:\n            return x\n        return x"
        ),
        False,
    ),
    (
        "TL204",
        _module(
            "        pass",
            "        t = x.shape\n        if t:\n            return x\n        return x",
        ),
        False,
    ),
    (
        "TL204",
        _module(
            "        pass",
            "        if len(t) > 0:\n            return x\n        return x",
            "x, t: Tuple[int, int]",
        ),
        False,
    ),
    (
        "TL204",
        _module(
            "        pass",
            "        if t:\n            return x\n        return x",
            "x, t: List[int]",
        ),
        False,
    ),
    # An index past a tuple's length, in a branch that never runs too.
    (
        "TL204",
        _module(
            "        self.p = (2, 2)",
            "        if x.dim() == 5:\n            return x * self.p[2]\n        return x",
        ),
        True,
    ),
    ("TL204", _module("        pass", "        return x * t[-3]", "x, t: Tuple[int, int]"), True),
    (
        "TL204",
        _module("        pass", "        t = (1, 2, 3)\n        return x * t[2] * t[-3]"),
        False,
    ),
    (
        "TL204",
        _module("        self.p = (2, 2)", "        return x * self.p[1] * self.p[-2]"),
        False,
    ),
    # An attribute annotated Optional in the class body: never refined, even under a test.
    (
        "TL213",
        _module(
            "        self.h = [torch.zeros(1)]",
            "        if self.h is not None:\n            self.h[0] = x\n        return x",
            annotations="    h: Optional[List[torch.Tensor]]\n\n",
        ),
        True,
    ),
    (
        "TL213",
        _module(
            "        self.b = torch.zeros(3)",
            "        if self.b is not None:\n            x = x + self.b\n        return x",
            annotations="    b: Optional[torch.Tensor]\n\n",
        ),
        True,
    ),
    (
        "TL213",
        _module(
            "        self.b = None",
            "        if self.b is not None:\n            x = x + self.b.sum()\n        return x",
            annotations="    b: Optional[torch.Tensor]\n\n",
        ),
        True,
    ),
    (
        "TL213",
        _module(
            "        self.h = [torch.zeros(3)]",
            "        for t in self.h:\n            x = x + t\n        return x",
            annotations="    h: Optional[List[torch.Tensor]]\n\n",
        ),
        True,
    ),
    (
        "TL213",
        _module(
            "        self.s = 2.0",
            "        if self.s is not None:\n            return x * self.s\n        return x",
            annotations="    s: Optional[float]\n\n",
        ),
        True,
    ),
    (
        "TL213",
        _module(
            "        self.h = [torch.zeros(1)]",
            "        h = self.h\n        if h is not None:\n            h[0] = x\n        return x",
            annotations="    h: Optional[List[torch.Tensor]]\n\n",
        ),
        False,
    ),
    (
        "TL213",
        _module(
            "        self.b = torch.zeros(3)",
            "        return nn.functional.linear(x, torch.eye(3), self.b)",
            annotations="    b: Optional[torch.Tensor]\n\n",
        ),
        False,
    ),
    (
        "TL213",
        _module(
            "        self.s = 2.0",
            "        if self.s is not None:\n            return x * self.s\n        return x",
            annotations="    __constants__ = ['s']\n    s: Optional[float]\n\n",
        ),
        False,
    ),
    # An attribute set only after an early return of `__init__`.
    (
        "TL212",
        _module(
            "        self.on = False\n        if not self.on:\n            return\n        self.w = nn.Linear(3, 3)",
            "        if not self.on:\n            return x\n        return self.w(x)",
        ),
        True,
    ),
    (
        "TL212",
        _module(
            "        self.on = False\n        if self.on:\n            self.w = nn.Linear(3, 3)\n            return\n        else:\n            self.w = nn.Identity()",
            "        return self.w(x)",
        ),
        False,
    ),
    # NumPy arrays kept on the module; a NumPy float is a float.
    ("TL212", _module("        self.i = np.arange(3)", "        return x[:, self.i]"), True),
    (
        "TL212",
        _module(
            "        self.i = np.triu_indices(3, k=1)",
            "        y = x.new_zeros(3, 3)\n        y[self.i[0], self.i[1]] = 1.0\n        return x @ y",
        ),
        True,
    ),
    ("TL212", _module("        self.s = np.sqrt(4.0)", "        return x * self.s"), False),
    # torch.distributed calls.
    (
        "TL209",
        _module(
            "        pass",
            "        if torch.distributed.is_initialized():\n            return x\n        return x",
        ),
        True,
    ),
    (
        "TL209",
        _module("        pass", "        return x * torch.distributed.get_world_size()"),
        True,
    ),
]


def _flagged(code: str, source: str) -> bool:
    rules = [rule for rule in all_rules() if rule.code == code]
    settings = Settings(select=(code,), targets_explicit=True)
    result = lint_text("example.py", source, settings=settings, rules=rules)
    assert not result.errors, result.errors
    return any(d.code == code for d in result.diagnostics)


@pytest.mark.parametrize(("code", "source", "flagged"), CASES)
def test_rule_verdict(code: str, source: str, flagged: bool) -> None:
    assert _flagged(code, source) == flagged, source


@requires_torch
@pytest.mark.torch
def test_torch_agrees(tmp_path) -> None:
    disagree = [
        (code, source)
        for number, (code, source, flagged) in enumerate(CASES)
        if scripts(tmp_path, f"case_{number}", source) == flagged
    ]
    assert not disagree, disagree
