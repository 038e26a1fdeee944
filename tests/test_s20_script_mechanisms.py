"""Script mechanisms from the held-back corpora's misses (session 20: fresh12, fresh4, fresh5,
fresh7), in other spellings than the corpus code (helpers, other containers, other flags).

Each case is a complete example (``Model`` and ``inputs()``); the rule flags it exactly when
torch 2.13's ``torch.jit.script`` rejects it or the scripted model differs from eager (the
torch half runs where torch is installed): a ``range`` unpacked into names (TL209); a name
bound under a test that a class constant does not fold (TL222); a list or tuple attribute
holding modules beside other values (TL212); a torch class TorchScript has no type for in a
signature (TL214, from the generated table); an attribute ``__init__`` sets after an early
``return`` that a call of the class in the file may take, or only in the ``else`` of a test
the defaults make true (TL212).
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import model_source, script_disagreements
from .test_script_misses import _flagged

HEAD = (
    "from typing import Final, List, Optional\n\n"
    "import torch\nimport torch.distributions as dist\n"
    "from torch import Tensor, nn\n"
    "from torch.distributions import Laplace\n\n\n"
)


def _module(
    forward: str, init: str = "", extra: str = "", methods: str = "", body: str = ""
) -> str:
    return model_source(HEAD, forward, init, extra, methods, body)


# -- TL209: a range unpacked into names
UNPACK_DIMS = (
    "        first, second, third = range(x.dim())\n"
    "        return self.fc(x).permute(first, third, second).transpose(1, 2)"
)
UNPACK_PAREN = (
    "        (lo, hi) = range(1, 3)\n        return self.fc(x).transpose(lo, hi).transpose(1, 2)"
)
UNPACK_LIST = "        lo, hi = list(range(1, 3))\n        return self.fc(x).transpose(lo, hi).transpose(1, 2)"
# -- TL222: a name bound under a test a class constant leaves to run time
TRACK = "    track: Final[bool]\n\n"
TRACK_OFF = "        self.track = False"
TRACK_ON = "        self.track = True"
RUNTIME_TEST = (
    "        y = self.fc(x)\n"
    "        if not self.track and self.training:\n            acc = [y]\n"
    "        for _ in range(2):\n            if self.training:\n                acc.append(y)\n"
    "        return y"
)
FOLDED_FALSE = (
    "        y = self.fc(x)\n"
    "        if self.track and self.training:\n            acc = [y]\n"
    "        for _ in range(2):\n            if self.track:\n                acc.append(y)\n"
    "        return y"
)
FOLDED_TRUE = (
    "        y = self.fc(x)\n"
    "        if self.track or self.training:\n            acc = [y]\n"
    "        return acc[0]"
)
# -- TL212: a list or tuple holding modules
STAGES = "        self.stages = nn.Sequential(nn.ReLU(), nn.Tanh())\n"
NUMBERED = STAGES + "        self.numbered = [(i, m) for i, m in enumerate(self.stages)]"
NUMBERED_USE = (
    "        y = self.fc(x)\n        for i, m in self.numbered:\n            y = m(y) + i\n"
    "        return y"
)
GATE = "        self.gate = (0.5, nn.Sigmoid())"
GATE_USE = "        w, g = self.gate\n        return g(self.fc(x)) * w"
ACTS = "        self.acts = nn.ModuleList([nn.ReLU(), nn.Tanh()])\n"
ZIPPED = ACTS + "        self.zipped = list(zip([1.0, 2.0], self.acts))"
ZIPPED_USE = (
    "        y = self.fc(x)\n        for s, a in self.zipped:\n            y = a(y) * s\n"
    "        return y"
)
SCALES = ACTS + "        self.scales = [1.0, 2.0]"
SCALES_USE = (
    "        y = self.fc(x)\n        for i, a in enumerate(self.acts):\n"
    "            y = a(y) * self.scales[i]\n        return y"
)
LAYERS = "        self.layers = nn.ModuleList([nn.Linear(4, 3), nn.Linear(4, 2)])\n"
WIDTHS = LAYERS + "        self.widths = [m.out_features for m in self.layers]"
WIDTHS_USE = "        return self.fc(x) * float(self.widths[0] + self.widths[1])"
# -- TL214: torch classes TorchScript has no type for, in a signature
LAPLACE_HELPER = (
    "def shifted(t: Tensor, base: Optional[Laplace] = None) -> Tensor:\n    return t + 1.0\n\n\n"
)
TRANSFORMS_METHOD = (
    "    def _apply(self, t: Tensor, steps: Optional[List[dist.Transform]] = None) -> Tensor:\n"
    "        return t * 2.0\n\n"
)
GENERATOR_HELPER = (
    "def shifted(t: Tensor, gen: Optional[torch.Generator] = None) -> Tensor:\n"
    "    return t + 1.0\n\n\n"
)
# -- TL212: attributes a built module may lack
BLOCK = (
    "class Block(nn.Module):\n"
    "    def __init__(self, dim: int, bare: bool = False):\n"
    "        super().__init__()\n        self.bare = bare\n"
    "        self.proj = nn.Linear(dim, dim)\n"
    "        if bare:\n            return\n        self.post = nn.Tanh()\n\n"
    "    def forward(self, x):\n        y = self.proj(x)\n"
    "        if self.bare:\n            return y\n        return self.post(y)\n\n\n"
)
BLOCKS_COMPUTED = "        self.blocks = nn.ModuleList([Block(4, bare=k > 0) for k in range(2)])"
BLOCKS_LITERAL = "        self.blocks = nn.ModuleList([Block(4, bare=False), Block(4)])"
BLOCKS_USE = (
    "        y = self.fc(x)\n        for b in self.blocks:\n            y = b(y)\n        return y"
)
SHIFT = (
    "class Shift(nn.Module):\n"
    "    def __init__(self, learn: bool = True):\n"
    "        super().__init__()\n        self.learn = learn\n"
    "        if learn:\n            self.offset = nn.Parameter(torch.zeros(4))\n"
    "        else:\n            self.register_buffer('fixed', torch.zeros(4))\n\n"
    "    def forward(self, x):\n        if self.learn:\n            return x + self.offset\n"
    "        return x + self.fixed\n\n\n"
)
SHIFT_BOTH = (
    "class Shift(nn.Module):\n"
    "    def __init__(self, learn: bool = True):\n"
    "        super().__init__()\n        self.learn = learn\n"
    "        self.register_buffer('fixed', torch.zeros(4))\n"
    "        if learn:\n            self.offset = nn.Parameter(torch.zeros(4))\n"
    "        else:\n            self.offset = nn.Parameter(torch.ones(4))\n\n"
    "    def forward(self, x):\n        if self.learn:\n            return x + self.offset\n"
    "        return x + self.fixed\n\n\n"
)
SHIFT_INIT = "        self.shift = Shift()"
SHIFT_USE = "        return self.shift(self.fc(x))"

CASES = [
    ("TL209", _module(UNPACK_DIMS), True),
    ("TL209", _module(UNPACK_PAREN), True),
    ("TL209", _module(UNPACK_LIST), False),
    ("TL222", _module(RUNTIME_TEST, init=TRACK_OFF, body=TRACK), True),
    ("TL222", _module(FOLDED_FALSE, init=TRACK_OFF, body=TRACK), False),
    ("TL222", _module(FOLDED_TRUE, init=TRACK_ON, body=TRACK), False),
    ("TL212", _module(NUMBERED_USE, init=NUMBERED), True),
    ("TL212", _module(GATE_USE, init=GATE), True),
    ("TL212", _module(ZIPPED_USE, init=ZIPPED), True),
    ("TL212", _module(SCALES_USE, init=SCALES), False),
    ("TL212", _module(WIDTHS_USE, init=WIDTHS), False),
    ("TL214", _module("        return shifted(self.fc(x))", extra=LAPLACE_HELPER), True),
    ("TL214", _module("        return self._apply(self.fc(x))", methods=TRANSFORMS_METHOD), True),
    ("TL214", _module("        return shifted(self.fc(x))", extra=GENERATOR_HELPER), False),
    ("TL212", _module(BLOCKS_USE, init=BLOCKS_COMPUTED, extra=BLOCK), True),
    ("TL212", _module(BLOCKS_USE, init=BLOCKS_LITERAL, extra=BLOCK), False),
    ("TL212", _module(SHIFT_USE, init=SHIFT_INIT, extra=SHIFT), True),
    ("TL212", _module(SHIFT_USE, init=SHIFT_INIT, extra=SHIFT_BOTH), False),
]


@pytest.mark.parametrize(("code", "source", "flagged"), CASES)
def test_rule_verdict(code: str, source: str, flagged: bool) -> None:
    assert _flagged(code, source) == flagged, source


@requires_torch
@pytest.mark.torch
def test_torch_agrees() -> None:
    disagree = script_disagreements(CASES)
    assert not disagree, disagree
