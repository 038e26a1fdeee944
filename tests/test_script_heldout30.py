"""Script mechanisms from the blind heldout30 batch and the script column of b59, in other
spellings than their probes (helpers, aliases, other containers, other layers).

Each case is a complete example (``Model`` and ``inputs()``); the rule flags it exactly when
torch 2.13's ``torch.jit.script`` rejects it or the scripted model differs from eager (the
torch half runs where torch is installed): a tensor indexed with a list of bools (TL217); a
method of the module picked as a value (TL228); a Python function or class of torch that
TorchScript compiles from its source and fails on (TL209, from the generated table); a NumPy
scalar that subclasses no Python number kept on the module (TL212); a tensor's shape passed
to a ``Tuple`` parameter (TL210); an embedding with ``max_norm`` (TL229).
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import model_source, script_disagreements
from .test_script_misses import _flagged

HEAD = (
    "from typing import List, Tuple\n\n"
    "import numpy as np\nimport torch\nimport torch.nn.functional as F\n"
    "from torch import Tensor, nn\n"
    "from torch.nn.init import calculate_gain\n"
    "from torch.quasirandom import SobolEngine as Sobol\n\n\n"
)


def _module(
    forward: str, init: str = "", extra: str = "", methods: str = "", body: str = ""
) -> str:
    return model_source(HEAD, forward, init, extra, methods, body)


# -- TL217: a list of bools indexing a tensor
MASK_INIT = "        self.mask = [True, False, True, False]"
MASK_READ = "        return self.fc(x)[:, :, self.mask]"
KEEP_HELPER = (
    "def keep_features(t: Tensor, keep: List[bool]) -> Tensor:\n    return t[:, :, keep]\n\n\n"
)
POSITIONS_INIT = "        self.mask = [0, 2]"
MASK_TENSOR = "        return self.fc(x)[:, :, torch.tensor(self.mask)]"
# -- TL228: a method of the module used as a value
STEPS = (
    "    def _half(self, t: Tensor) -> Tensor:\n        return t * 0.5\n\n"
    "    def _double(self, t: Tensor) -> Tensor:\n        return t * 2.0\n\n"
)
STEP_LIST = "        steps = [self._half, self._double]\n        return steps[1](self.fc(x))"
STEP_BRANCHES = (
    "        if self.training:\n            step = self._half\n"
    "        else:\n            step = self._double\n        return step(self.fc(x))"
)
STEP_ALIAS = "        step = self._double\n        return step(self.fc(x))"
STEP_CALLS = (
    "        y = self.fc(x)\n        return self._half(y) if self.training else self._double(y)"
)
# -- TL209: torch functions / classes compiled from their source
GAIN_HELPER = "    def _gain(self) -> float:\n        return calculate_gain('tanh')\n\n"
GAIN_USE = "        return self.fc(x) * self._gain()"
GAIN_KEPT_INIT = "        self.gain = calculate_gain('tanh')"
GAIN_KEPT = "        return self.fc(x) * self.gain"
SOBOL = "def jitter(t: Tensor) -> Tensor:\n    return t + Sobol(4).draw(1).to(t.dtype)\n\n\n"
SOBOL_INIT = "        self.register_buffer('pts', Sobol(4).draw(1))"
# -- TL212: NumPy scalars kept on the module
HALF_INIT = "        self.eps = np.float16(0.001)"
NEG_INIT = "        self.shift = -np.float32(0.5) * 2"
SCALE_READ = "        return self.fc(x) + self.eps"
SHIFT_READ = "        return self.fc(x) + self.shift"
FLOAT64_INIT = "        self.eps = np.float64(0.001)"
CAST_INIT = "        self.eps = float(np.float32(0.001))"
# -- TL210: a shape passed to a Tuple parameter
TRIPLE = (
    "def volume(size: Tuple[int, int, int]) -> int:\n    return size[0] * size[1] * size[2]\n\n\n"
)
PAIR = "def area(size: Tuple[int, int]) -> int:\n    return size[0] * size[1]\n\n\n"
DIMS = "def volume(size: List[int]) -> int:\n    return size[0] * size[1] * size[2]\n\n\n"
# -- TL229: embeddings with max_norm
IDS = "        ids = torch.arange(x.shape[1]) % 10\n"
PRETRAINED = (
    "        self.emb = nn.Embedding.from_pretrained(torch.randn(10, 4) * 3, False, None, 0.5)"
)
BAG = "        self.bag = nn.EmbeddingBag(10, 4, 0.5, mode='sum')\n        self.bag.weight.data.mul_(3)"
PLAIN_EMB = "        self.emb = nn.Embedding.from_pretrained(torch.randn(10, 4) * 3)"
TABLE = "        self.table = nn.Parameter(torch.randn(10, 4) * 3)"

CASES = [
    ("TL217", _module(MASK_READ, init=MASK_INIT), True),
    (
        "TL217",
        _module("        return keep_features(x, [True, True, False, True])", extra=KEEP_HELPER),
        True,
    ),
    ("TL217", _module("        return self.fc(x)[:, :, self.mask]", init=POSITIONS_INIT), False),
    ("TL217", _module(MASK_TENSOR, init=MASK_INIT), False),
    ("TL228", _module(STEP_LIST, methods=STEPS), True),
    ("TL228", _module(STEP_BRANCHES, methods=STEPS), True),
    ("TL228", _module(STEP_ALIAS, methods=STEPS), False),
    ("TL228", _module(STEP_CALLS, methods=STEPS), False),
    ("TL209", _module(GAIN_USE, methods=GAIN_HELPER), True),
    ("TL209", _module(GAIN_KEPT, init=GAIN_KEPT_INIT), False),
    ("TL209", _module("        return jitter(self.fc(x))", extra=SOBOL), True),
    ("TL209", _module("        return self.fc(x) + self.pts", init=SOBOL_INIT), False),
    ("TL212", _module(SCALE_READ, init=HALF_INIT), True),
    ("TL212", _module(SHIFT_READ, init=NEG_INIT), True),
    ("TL212", _module(SCALE_READ, init=FLOAT64_INIT), False),
    ("TL212", _module(SCALE_READ, init=CAST_INIT), False),
    ("TL210", _module("        return self.fc(x) * float(volume(x.size()))", extra=TRIPLE), True),
    ("TL210", _module("        return self.fc(x) * float(area(x.shape[1:]))", extra=PAIR), True),
    ("TL210", _module("        return self.fc(x) * float(volume(x.size()))", extra=DIMS), False),
    ("TL229", _module(IDS + "        return self.fc(x) + self.emb(ids)", init=PRETRAINED), True),
    (
        "TL229",
        _module(IDS + "        return self.fc(x) + self.bag(ids.view(1, -1))[:, None]", init=BAG),
        True,
    ),
    (
        "TL229",
        _module(
            IDS + "        return self.fc(x) + F.embedding(ids, self.table, None, 0.5)", init=TABLE
        ),
        True,
    ),
    ("TL229", _module(IDS + "        return self.fc(x) + self.emb(ids)", init=PLAIN_EMB), False),
    (
        "TL229",
        _module(
            IDS + "        return self.fc(x) + F.embedding(ids, self.table, max_norm=None)",
            init=TABLE,
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
