"""Script mechanisms from the heldout19 probe batch, the script column of b40 / b41 and two
fresh3 package sites, each linted and run through torch.

Each case is a complete example (``Model`` and ``inputs()``); the rule flags it exactly when
torch 2.13's ``torch.jit.script`` rejects it or fails on the inputs (the torch half runs where
torch is installed): a module container indexed with a ``Final`` int attribute (fine), a
parenthesized ``assert (cond, "message")`` (a tuple TorchScript casts to no bool), an
exception object as an assert message, a ``@torch.jit.ignore(drop=True)`` method called,
``x.type()`` without an argument, ``torch.tensor([])``, ``== None``, a function annotated to
return a value that may end without a ``return``, a tuple target unpacking
``torch.tril_indices(...)``, a comprehension calling each module of a tuple of submodules, an
attribute ``__init__`` binds to None with an annotation there and a method fills in, an
attribute set under an ``if`` whose body builds the class itself (the recursion's last
module lacks it), a ``weight_norm`` module stored into a local ``ModuleDict`` that becomes an
attribute, a project module class (no container) iterated, and a dict display of tensors
stored into a dict declared ``Dict[str, Dict[str, Optional[Tensor]]]``.
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .test_script_misses import _flagged

HEAD = (
    "from typing import Dict, Final, List, Optional\n\n"
    "import torch\nimport torch.nn.functional as F\nfrom torch import Tensor, nn\n"
    "from torch.nn.utils.parametrizations import weight_norm\n\n\n"
)
TAIL = "\n\ndef inputs():\n    return [(torch.randn(2, 3, 4),), (torch.randn(1, 3, 4),)]\n"


def _module(init: str, forward: str, extra: str = "", methods: str = "", ann: str = "") -> str:
    return (
        HEAD
        + extra
        + "class Model(nn.Module):\n"
        + ann
        + "    def __init__(self, depth: int = 3, at: int = 1):\n        super().__init__()\n"
        + "        self.fc = nn.Linear(4, 4)\n"
        + init
        + "\n\n"
        + methods
        + "    def forward(self, x):\n"
        + forward
        + TAIL
    )


PASS = "        pass"
HEADS = "        self.heads = nn.ModuleList([nn.Linear(4, 4) for _ in range(depth)])\n        self.at = at"
PICK = (
    "    def _pick(self, feats: List[Tensor], level: int) -> Tensor:\n"
    "        for i, f in enumerate(feats):\n            if i == level:\n                return f\n"
    "RETURN\n\n"
)
RECORD = (
    "    @torch.jit.ignore(drop=True)\n    def _record(self, x: Tensor) -> None:\n"
    "        self.last = float(x.pow(2).mean())\n\n"
)
STAGE = (
    "class Stage(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    "        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])\n\n"
    "    def __iter__(self):\n        return iter(self.blocks)\n\n"
    "    def forward(self, x):\n        for b in self.blocks:\n            x = b(x)\n"
    "        return x\n\n\n"
)
TREE = (
    "class Tree(nn.Module):\n    def __init__(self, level: int):\n        super().__init__()\n"
    "        self.fc = nn.Linear(4, 4)\n        self.level = level\n        if level > 0:\n"
    "            self.child = Tree(level - 1)\nELSE\n"
    "    def forward(self, x):\n        x = self.fc(x)\nREAD        return x\n\n\n"
)
CACHE = (
    "class Cache(nn.Module):\n"
    "    def forward(self, x: Tensor, state: Optional[Dict[str, Dict[str, Optional[Tensor]]]] "
    "= None) -> Tensor:\n"
    "        if state is not None:\n            STORE\n        return x\n\n\n"
)
WN = "def wn_linear(*args, **kwargs):\n    return weight_norm(nn.Linear(*args, **kwargs))\n\n\n"

# (rule, source, whether the rule flags it). Torch's verdict is computed in the test.
CASES = [
    # A container indexed with a `Final` int attribute: a constant, folded.
    (
        "TL208",
        _module(HEADS, "        return self.heads[self.at](x)", ann="    at: Final[int]\n\n"),
        False,
    ),
    ("TL208", _module(HEADS, "        return self.heads[self.at](x)"), True),
    # `assert (cond, "message")`: a tuple, which TorchScript casts to no bool.
    (
        "TL204",
        _module(
            PASS, "        assert (x.shape[-1] == 4, 'four features')\n        return self.fc(x)"
        ),
        True,
    ),
    (
        "TL204",
        _module(
            PASS, "        assert x.shape[-1] == 4, 'four features'\n        return self.fc(x)"
        ),
        False,
    ),
    # An exception object as the assert message.
    (
        "TL204",
        _module(
            PASS, "        assert x.shape[-1] == 4, ValueError('four')\n        return self.fc(x)"
        ),
        True,
    ),
    (
        "TL204",
        _module(
            PASS,
            "        if x.shape[-1] != 4:\n            raise ValueError('four')\n"
            "        return self.fc(x)",
        ),
        False,
    ),
    # A `@torch.jit.ignore(drop=True)` method called where scripted code runs the call.
    (
        "TL209",
        _module(PASS, "        self._record(x)\n        return self.fc(x)", methods=RECORD),
        True,
    ),
    (
        "TL209",
        _module(
            PASS,
            "        if not torch.jit.is_scripting():\n            self._record(x)\n"
            "        return self.fc(x)",
            methods=RECORD,
        ),
        False,
    ),
    # `x.type()` without an argument is `x.to(None)` to TorchScript: a tensor.
    (
        "TL205",
        _module(
            PASS,
            "        if x.type() == 'torch.HalfTensor':\n            x = x.float()\n"
            "        return self.fc(x)",
        ),
        True,
    ),
    (
        "TL205",
        _module(
            PASS,
            "        if x.dtype == torch.float16:\n            x = x.float()\n        return self.fc(x)",
        ),
        False,
    ),
    # `torch.tensor([])`: an empty list is a List[Tensor] to TorchScript.
    ("TL205", _module(PASS, "        return self.fc(x) + torch.tensor([]).sum()"), True),
    ("TL205", _module(PASS, "        return self.fc(x) + torch.zeros(0).sum()"), False),
    # `== None` / `!= None`: no overload takes None.
    (
        "TL215",
        _module(
            PASS, "        h = None\n        y = self.fc(x)\n        return y if h == None else h"
        ),
        True,
    ),
    (
        "TL215",
        _module(
            PASS, "        h = None\n        y = self.fc(x)\n        return y if h is None else h"
        ),
        False,
    ),
    # A function annotated `-> Tensor` that may end without a `return`.
    (
        "TL211",
        _module(
            PASS,
            "        return self._pick([self.fc(x), x], 0)",
            methods=PICK.replace("RETURN", ""),
        ),
        True,
    ),
    (
        "TL211",
        _module(
            PASS,
            "        return self._pick([self.fc(x), x], 0)",
            methods=PICK.replace("RETURN", "        return feats[-1]"),
        ),
        False,
    ),
    # Unpacking `torch.tril_indices(...)`, one Tensor to TorchScript.
    (
        "TL204",
        _module(
            PASS,
            "        n = x.size(1)\n        li, lj = torch.tril_indices(n, n, offset=-1)\n"
            "        return x[:, li, lj]",
        ),
        True,
    ),
    (
        "TL204",
        _module(
            PASS,
            "        n = x.size(1)\n        ij = torch.tril_indices(n, n, offset=-1)\n"
            "        return x[:, ij[0], ij[1]]",
        ),
        False,
    ),
    # A comprehension calling each module of a tuple of submodules.
    (
        "TL208",
        _module(
            "        self.g = nn.Linear(4, 4)",
            "        ys = [m(x) for m in (self.fc, self.g)]\n        return ys[0] + ys[1]",
        ),
        True,
    ),
    (
        "TL208",
        _module(HEADS, "        ys = [m(x) for m in self.heads]\n        return ys[0] + ys[1]"),
        False,
    ),
    # `self.last: Optional[Tensor] = None` in `__init__`: TorchScript reads the value only.
    (
        "TL213",
        _module(
            "        self.last: Optional[Tensor] = None",
            "        y = self.fc(x)\n        self.last = y.detach()\n        return y",
        ),
        True,
    ),
    (
        "TL213",
        _module(
            "        self.last = None",
            "        y = self.fc(x)\n        self.last = y.detach()\n        return y",
            ann="    last: Optional[Tensor]\n\n",
        ),
        False,
    ),
    # An attribute set under an `if` whose body builds the class itself.
    (
        "TL212",
        _module(
            "        self.tree = Tree(2)",
            "        return self.tree(x)",
            extra=TREE.replace("ELSE\n", "").replace(
                "READ", "        if self.level > 0:\n            x = self.child(x)\n"
            ),
        ),
        True,
    ),
    (
        "TL212",
        _module(
            "        self.tree = Tree(2)",
            "        return self.tree(x)",
            extra=TREE.replace("ELSE", "        else:\n            self.child = None").replace(
                "READ", "        if self.child is not None:\n            x = self.child(x)\n"
            ),
        ),
        False,
    ),
    # A weight_norm module stored into a local ModuleDict that becomes an attribute.
    (
        "TL219",
        _module(
            "        layers = nn.ModuleDict()\n        layers['a'] = nn.Sequential(wn_linear(4, 4))\n"
            "        self.layers = layers",
            "        for _, layer in self.layers.items():\n            x = layer(x)\n        return x",
            extra=WN,
        ),
        True,
    ),
    (
        "TL219",
        _module(
            "        layers = nn.ModuleDict()\n        layers['a'] = nn.Sequential(nn.Linear(4, 4))\n"
            "        self.layers = layers",
            "        for _, layer in self.layers.items():\n            x = layer(x)\n        return x",
            extra=WN,
        ),
        False,
    ),
    # A project module class that is no container, iterated (its `__iter__` is not called).
    (
        "TL208",
        _module(
            "        self.stage = Stage()",
            "        for b in self.stage:\n            x = b(x)\n        return x",
            extra=STAGE,
        ),
        True,
    ),
    (
        "TL208",
        _module(
            "        self.stage = Stage()",
            "        for b in self.stage.blocks:\n            x = b(x)\n        return x",
            extra=STAGE,
        ),
        False,
    ),
    # A dict display of tensors stored into a `Dict[str, Optional[Tensor]]` element.
    (
        "TL217",
        _module(
            "        self.cache = Cache()",
            "        return self.cache(x)",
            extra=CACHE.replace("STORE", "state['k'] = {'prev': x}"),
        ),
        True,
    ),
    (
        "TL217",
        _module(
            "        self.cache = Cache()",
            "        return self.cache(x)",
            extra=CACHE.replace(
                "STORE",
                "entry: Dict[str, Optional[Tensor]] = {'prev': x}\n            state['k'] = entry",
            ),
        ),
        False,
    ),
]


@pytest.mark.parametrize(("code", "source", "flagged"), CASES)
def test_rule_verdict(code: str, source: str, flagged: bool) -> None:
    assert _flagged(code, source) == flagged, source


def test_single_tensor_functions_match_torch_schemas() -> None:
    """Every name in SINGLE_TENSOR_FUNCTIONS returns one Tensor in each TorchScript overload."""
    torch = pytest.importorskip("torch")
    from torchlint.lint.script_facts import SINGLE_TENSOR_FUNCTIONS

    overloads: dict[str, list] = {}
    for schema in torch._C._jit_get_all_schemas():
        if schema.name.startswith("aten::"):
            overloads.setdefault(schema.name[len("aten::") :], []).append(schema)
    for name in SINGLE_TENSOR_FUNCTIONS:
        assert overloads.get(name), name
        for schema in overloads[name]:
            assert [str(r.type) for r in schema.returns] == ["Tensor"], (name, str(schema))


@requires_torch
@pytest.mark.torch
def test_torch_agrees() -> None:
    from .oracle import check

    disagree = [
        (code, source) for code, source, flagged in CASES if check(source, "script").ok == flagged
    ]
    assert not disagree, disagree
