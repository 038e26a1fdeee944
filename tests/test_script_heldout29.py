"""Script mechanisms from the blind heldout29 batch, the script column of b57 and the fresh11
corpus, in other spellings than their probes (helpers, aliases, other containers, methods).

Each case is a complete example (``Model`` and ``inputs()``); the rule flags it exactly when
torch 2.13's ``torch.jit.script`` rejects it or the scripted model differs from eager (the
torch half runs where torch is installed): ``or`` / ``and`` of an int attribute's arithmetic
used as a value; a tensor built in a (base) class body read through ``self``; ``.get`` of a
dict of lists or dicts with an empty ``list()`` / ``{}`` default; a number, bool or string of
an enclosing factory function read by a class (or helper) defined in it; a
``torch.jit.Attribute`` on a plain ``nn.Module``; a lambda message of a torch check; a method
looked up on ``object``; a ``functools.wraps`` wrapper's body (never compiled) and its float32
round trip on a helper; a bare ``list`` / ``tuple`` inside ``Union`` / ``Optional`` and a
``type`` / ``set`` annotation; the call of a method whose ``@torch.no_grad()`` breaks its names.
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import findings, model_source, script_disagreements
from .test_script_misses import _flagged

HEAD = (
    "import functools\nimport math\n"
    "from typing import Dict, List, Optional, Tuple, Union\n\n"
    "import torch\nimport torch.nn.functional as F\nfrom torch import Tensor, nn\n\n\n"
)
INPUTS = "\n\ndef inputs():\n    return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]\n"


def _module(
    forward: str, init: str = "", extra: str = "", methods: str = "", body: str = ""
) -> str:
    return model_source(HEAD, forward, init, extra, methods, body)


# -- TL220: `and` / `or` whose number operand is arithmetic of int attributes
SHIFT_INIT = "        self.rolled = True\n        self.step = 1"
SHIFT_AND = "        n = self.rolled and self.step + 1\n        return torch.roll(x, n, -1)"
SHIFT_OR = "        return x.narrow(-1, 0, self.step * 0 or self.step * 3)"
SHIFT_OK = "        n = self.step + 1 if self.rolled else 0\n        return torch.roll(x, n, -1)"
SHIFT_TEST = "        if self.rolled and self.step * 2:\n            x = x + 1\n        return x"
# -- TL216: a tensor built in a class body
MIXIN = (
    "class Offsets(nn.Module):\n"
    "    SHIFT = torch.ones(4) * 0.5\n\n"
    "    def shifted(self, t: Tensor) -> Tensor:\n"
    "        return t - self.SHIFT\n\n\n"
)
GRID = "    GRID = torch.full((4,), 2.0)\n\n"
GRID_BUFFER = '        self.register_buffer("grid", self.GRID.clone())'
# -- TL215: `.get` of a dict of lists / dicts with an empty default
TABLE_LIST = "        table: Dict[int, List[float]] = {0: [1.0]}\n        w = table.get(1, list())\n        return x * float(len(w))"
COUNTS = (
    "def total(counts: Dict[str, Dict[str, int]], t: Tensor) -> Tensor:\n"
    "    inner = counts.get('a', {})\n"
    "    return t * float(len(inner))\n\n\n"
)
COUNTS_USE = "        c: Dict[str, Dict[str, int]] = {'b': {'x': 1}}\n        return total(c, x)"
TABLE_TENSORS = "        table: Dict[str, List[Tensor]] = {'a': [x]}\n        return x * float(len(table.get('b', [])))"
TABLE_FILLED = "        table: Dict[str, List[int]] = {'a': [1]}\n        return x * float(len(table.get('b', [0])))"
# -- TL209: a method looked up on `object`
OBJECT_GET = (
    "    def _layer(self) -> nn.Module:\n        return object.__getattribute__(self, 'fc')\n\n"
)
OBJECT_GUARDED = (
    "        if not torch.jit.is_scripting():\n"
    "            object.__setattr__(self, 'seen', x.detach())\n"
    "        return self.fc(x)"
)
# -- TL204: a lambda as a torch check's message
CHECK_HELPER = (
    "    def _rank3(self, t: Tensor) -> Tensor:\n"
    "        torch._check_value(t.dim() == 3, lambda: 'rank 3 expected')\n"
    "        return t\n\n"
)
CHECK_GUARDED = (
    "        if not torch.jit.is_scripting():\n"
    "            torch._check(x.shape[-1] == 4, lambda: 'four features')\n"
    "        return self.fc(x)"
)
CHECK_TEXT = "        torch._check(x.shape[-1] == 4, 'four features')\n        return self.fc(x)"
# -- TL212: torch.jit.Attribute on a plain module
ATTRIBUTE = (
    "        self.weights = torch.jit.Attribute({'a': 1.0, 'b': 2.0, 'c': 3.0}, Dict[str, float])"
)
PLAIN = "        self.weights: Dict[str, float] = {'a': 1.0, 'b': 2.0, 'c': 3.0}"
WEIGHTS_USE = "        return x * float(len(self.weights))"
# -- TL214: bare containers in a Union / Optional, builtin classes TorchScript has no type for
PAD_UNION = (
    "def pad_last(t: Tensor, size: Union[int, list]) -> Tensor:\n    return F.pad(t, [0, 1])\n\n\n"
)
PAD_OPTIONAL = (
    "def pad_last(t: Tensor, size: Optional[tuple] = None) -> Tensor:\n"
    "    return F.pad(t, [0, 1])\n\n\n"
)
PAD_TYPED = (
    "def pad_last(t: Tensor, size: Union[int, List[int]]) -> Tensor:\n"
    "    return F.pad(t, [0, 1])\n\n\n"
)
CAST_TYPE = "def cast(t: Tensor, kind: type) -> Tensor:\n    return t * 2\n\n\n"
CAST_SET = "def cast(t: Tensor, kinds: set) -> Tensor:\n    return t * 2\n\n\n"
# -- TL214 / TL204: functools.wraps wrappers (TorchScript compiles the undecorated source)
KWARGS_WRAPPER = (
    "def traced_call(fn):\n"
    "    @functools.wraps(fn)\n"
    "    def wrapper(*args, **kwargs):\n"
    "        return fn(*args, **kwargs)\n\n"
    "    return wrapper\n\n\n"
    "@traced_call\n"
    "def halve(t: Tensor) -> Tensor:\n"
    "    return t / 2\n\n\n"
)
FP32 = (
    "def in_fp32(fn):\n"
    "    @functools.wraps(fn)\n"
    "    def wrapper(self, t):\n"
    "        return fn(self, t.float()).type_as(t)\n\n"
    "    return wrapper\n\n\n"
)
FP32_HELPER = "    @in_fp32\n    def _norm(self, t: Tensor) -> Tensor:\n        return t / (t.abs().sum(-1, keepdim=True) + 1.0)\n\n"
SHIFTED = (
    "def shifted(fn):\n"
    "    @functools.wraps(fn)\n"
    "    def wrapper(self, t):\n"
    "        return fn(self, t + 1.0)\n\n"
    "    return wrapper\n\n\n"
)
SHIFTED_HELPER = "    @shifted\n    def _norm(self, t: Tensor) -> Tensor:\n        return t * 2\n\n"


def _factory(body: str, forward: str, call: str = "build()") -> str:
    """``Model`` made by a factory function whose local scope ``forward`` reads."""
    return (
        HEAD
        + "def build"
        + body
        + "    class Block(nn.Module):\n"
        + "        def __init__(self):\n            super().__init__()\n"
        + "            self.fc = nn.Linear(4, 4)\n\n"
        + "        def forward(self, x):\n"
        + forward
        + "\n\n    return Block\n\n\n"
        + f"Model = {call}\n"
        + INPUTS
    )


# -- TL207: a value of an enclosing function's scope read by scripted code
FACTORY_LOCAL = "():\n    gain = 6\n\n"
FACTORY_FLAG = "(use_bias: bool = True):\n"
FACTORY_NAME = "(mode='sum'):\n"
FACTORY_FN = "(act):\n"
FACTORY_STORED = "(gain: float = 2.0):\n"

CASES = [
    ("TL220", _module(SHIFT_AND, init=SHIFT_INIT), True),
    ("TL220", _module(SHIFT_OR, init=SHIFT_INIT), True),
    ("TL220", _module(SHIFT_OK, init=SHIFT_INIT), False),
    ("TL220", _module(SHIFT_TEST, init=SHIFT_INIT), False),
    (
        "TL216",
        HEAD
        + MIXIN
        + "class Model(Offsets):\n    def __init__(self):\n        super().__init__()\n"
        + "        self.fc = nn.Linear(4, 4)\n\n    def forward(self, x):\n"
        + "        return self.fc(self.shifted(x))"
        + INPUTS,
        True,
    ),
    ("TL216", _module("        return x * self.GRID[0]", body=GRID), True),
    ("TL216", _module("        return x * self.grid[0]", init=GRID_BUFFER, body=GRID), False),
    ("TL215", _module(TABLE_LIST), True),
    ("TL215", _module(COUNTS_USE, extra=COUNTS), True),
    ("TL215", _module(TABLE_TENSORS), False),
    ("TL215", _module(TABLE_FILLED), False),
    ("TL209", _module("        return self._layer()(x)", methods=OBJECT_GET), True),
    ("TL209", _module(OBJECT_GUARDED), False),
    ("TL204", _module("        return self.fc(self._rank3(x))", methods=CHECK_HELPER), True),
    ("TL204", _module(CHECK_GUARDED), True),
    ("TL204", _module(CHECK_TEXT), False),
    ("TL212", _module(WEIGHTS_USE, init=ATTRIBUTE), True),
    ("TL212", _module(WEIGHTS_USE, init=PLAIN), False),
    ("TL214", _module("        return pad_last(x, 1)", extra=PAD_UNION), True),
    ("TL214", _module("        return pad_last(x)", extra=PAD_OPTIONAL), True),
    ("TL214", _module("        return pad_last(x, 1)", extra=PAD_TYPED), False),
    ("TL214", _module("        return cast(x, float)", extra=CAST_TYPE), True),
    ("TL214", _module("        return cast(x, {1})", extra=CAST_SET), True),
    ("TL204", _module("        return halve(x)", extra=KWARGS_WRAPPER), False),
    ("TL214", _module("        return self._norm(x)", extra=FP32, methods=FP32_HELPER), False),
    ("TL214", _module("        return self._norm(x)", extra=SHIFTED, methods=SHIFTED_HELPER), True),
    ("TL207", _factory(FACTORY_LOCAL, "            return self.fc(x) * gain"), True),
    (
        "TL207",
        _factory(
            FACTORY_FLAG, "            y = self.fc(x)\n            return y + 1 if use_bias else y"
        ),
        True,
    ),
    (
        "TL207",
        _factory(
            FACTORY_NAME,
            "            y = self.fc(x)\n            return y.sum(-1) if mode == 'sum' else y",
        ),
        True,
    ),
    (
        "TL207",
        _factory(FACTORY_FN, "            return act(self.fc(x))", "build(torch.tanh)"),
        False,
    ),
    (
        "TL207",
        _factory(
            FACTORY_STORED,
            "            return self.fc(x)",
        ),
        False,
    ),
]


@pytest.mark.parametrize(("code", "source", "flagged"), CASES)
def test_rule_verdict(code: str, source: str, flagged: bool) -> None:
    assert _flagged(code, source) == flagged, source


@requires_torch
@pytest.mark.torch
def test_torch_agrees() -> None:
    disagree = script_disagreements(CASES)
    assert not disagree, disagree


def test_decorated_method_reported_at_its_call() -> None:
    """torch names the caller's line when a method whose ``@torch.no_grad()`` breaks its names
    is compiled (its source is attributed to the wrapper's file): the call is reported too."""
    source = _module(
        "        y = self.fc(x)\n        return self._scaled(y)",
        methods=(
            "    @torch.no_grad()\n"
            "    def _scaled(self, t: Tensor) -> Tensor:\n"
            "        return t * math.pi\n\n"
        ),
    )
    lines = sorted(d.line for d in findings(source, "TL214", "script"))
    call = source.splitlines().index("        return self._scaled(y)") + 1
    decorator = source.splitlines().index("    @torch.no_grad()") + 1
    assert lines == [decorator, call]
