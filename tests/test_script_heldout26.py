"""Script mechanisms from the heldout26 probe batch and the script column of b52 / b53, each
linted and run through torch, in other spellings than the probes (helpers, aliases, other
containers).

Each case is a complete example (``Model`` and ``inputs()``); the rule flags it exactly when
torch 2.13's ``torch.jit.script`` rejects it or fails on the inputs (the torch half runs where
torch is installed): a list display as a store target (``[lo, hi] = ...``, ``for [a, b] in``),
``*`` over a slice of a list or over a list attribute, ``__debug__``, ``isinstance`` of a shape
against ``tuple`` / ``list`` / ``torch.Size``, a comprehension's loop name that is a Tensor
parameter looped over numbers, ``len(self)`` of a module, a module instance in the class body
read through ``self``, an empty list attribute from a dataclass config's ``default_factory``,
and an int rebound to a tensor row of unknown dtype (which TorchScript converts fine).
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import model_source, script_disagreements
from .test_script_misses import _flagged

HEAD = (
    "from dataclasses import dataclass, field\nfrom typing import List, Tuple\n\n"
    "import torch\nimport torch.nn.functional as F\nfrom torch import Tensor, nn\n\n\n"
)


def _module(init: str, forward: str, extra: str = "", methods: str = "", body: str = "") -> str:
    return model_source(HEAD, forward, init, extra, methods, body)


PASS = "        pass"
BOUNDS = "def bounds(x: Tensor) -> int:\n    LHS = x.shape[-2:]\n    return lo * hi\n\n\n"
PAIRS = "        total = 0\n        for PAIR in [(1, 2), (3, 4)]:\n            total += a * b\n"
HELPER_COMP = (
    "def weights(h: Tensor) -> List[float]:\n    return [k * 0.5 for NAME in range(3)]\n\n\n"
)
DEPTH = (
    "    def __len__(self) -> int:\n        return 3\n\n"
    "    DECORATOR\n    def depth(self) -> int:\n        return len(self)\n\n"
)
SCALE = "class Scale(nn.Module):\n    def forward(self, x):\n        return x * 0.5\n\n\n"
CONFIG = (
    "@dataclass\nclass HeadConfig:\n    width: int = 4\n"
    "    skip_levels: List[int] = field(default_factory=list)\n\n\n"
    "class Head(nn.Module):\n    def __init__(self, cfg: HeadConfig):\n        super().__init__()\n"
    "        self.skip_levels = cfg.skip_levels\n        self.fc = nn.Linear(cfg.width, 4)\n\n"
    "    def forward(self, x):\n        for level in range(2):\n"
    "            if level in self.skip_levels:\n                x = self.fc(x)\n        return x\n\n\n"
)
COUNTS = (
    "def count_scale(x: Tensor, counts: Tensor) -> Tensor:\n    total = 0\n"
    "    for c in counts:\n        total = total + VALUE\n    return x * total\n\n\n"
)

# (rule, source, whether the rule flags it). Torch's verdict is computed in the test.
CASES = [
    # A list display as a store target, in a helper; a parenthesized tuple scripts.
    (
        "TL204",
        _module(
            PASS,
            "        return self.fc(x) * bounds(x)",
            extra=BOUNDS.replace("LHS", "[lo, hi]"),
        ),
        True,
    ),
    (
        "TL204",
        _module(
            PASS,
            "        return self.fc(x) * bounds(x)",
            extra=BOUNDS.replace("LHS", "(lo, hi)"),
        ),
        False,
    ),
    # ... and as a loop target.
    ("TL204", _module(PASS, PAIRS.replace("PAIR", "[a, b]") + "        return x * total"), True),
    ("TL204", _module(PASS, PAIRS.replace("PAIR", "a, b") + "        return x * total"), False),
    # `*` over a list attribute built by a comprehension; over a tuple attribute it scripts.
    (
        "TL204",
        _module(
            "        self.strides = [2**i for i in range(3)]",
            "        return self.fc(x) * min(*self.strides)",
        ),
        True,
    ),
    (
        "TL204",
        _module(
            "        self.strides = (1, 2, 4)",
            "        return self.fc(x) * min(*self.strides)",
        ),
        False,
    ),
    # `*` over a slice of a local list; the slice passed whole scripts.
    (
        "TL204",
        _module(
            PASS,
            "        parts = [x, x * 2, x * 3]\n        return torch.stack([*parts[::2]]).sum(0)",
        ),
        True,
    ),
    (
        "TL204",
        _module(
            PASS,
            "        parts = [x, x * 2, x * 3]\n        return torch.stack(parts[::2]).sum(0)",
        ),
        False,
    ),
    # `__debug__` in a helper method, as a value.
    (
        "TL207",
        _module(
            PASS,
            "        return self.fc(x) * 2 if self.check(x) else self.fc(x)",
            methods="    def check(self, x: Tensor) -> bool:\n"
            "        return __debug__ and x.dim() == 3\n\n",
        ),
        True,
    ),
    (
        "TL207",
        _module(
            PASS,
            "        return self.fc(x) * 2 if self.check(x) else self.fc(x)",
            methods="    def check(self, x: Tensor) -> bool:\n        return x.dim() == 3\n\n",
        ),
        False,
    ),
    # `isinstance` of a shape: a list to TorchScript, a tuple in eager.
    (
        "TL224",
        _module(
            PASS,
            "        if isinstance(x.size(), list):\n            return self.fc(x) * 2\n"
            "        return self.fc(x)",
        ),
        True,
    ),
    (
        "TL224",
        _module(
            PASS,
            "        if isinstance(x.shape, torch.Size):\n            return self.fc(x) * 2\n"
            "        return self.fc(x)",
        ),
        True,
    ),
    (
        "TL224",
        _module(
            PASS,
            "        if isinstance(x, torch.Tensor):\n            return self.fc(x) * 2\n"
            "        return self.fc(x)",
        ),
        False,
    ),
    # A comprehension's loop name that is a Tensor parameter of a helper.
    (
        "TL223",
        _module(
            PASS,
            "        return self.fc(x) * weights(x)[1]",
            extra=HELPER_COMP.replace("NAME", "h").replace("k * 0.5", "h * 0.5"),
        ),
        True,
    ),
    (
        "TL223",
        _module(
            PASS,
            "        return self.fc(x) * weights(x)[1]",
            extra=HELPER_COMP.replace("NAME", "k"),
        ),
        False,
    ),
    # An int rebound to a tensor row of unknown dtype: an int64 row converts at run time.
    (
        "TL223",
        _module(
            PASS,
            "        return count_scale(self.fc(x), torch.tensor([1, 2]))",
            extra=COUNTS.replace("VALUE", "c"),
        ),
        False,
    ),
    (
        "TL223",
        _module(
            PASS,
            "        return count_scale(self.fc(x), torch.tensor([1, 2]))",
            extra=COUNTS.replace("VALUE", "c.float()"),
        ),
        True,
    ),
    # `len(self)` of a module in a helper method; an exported `__len__` compiles.
    (
        "TL209",
        _module(
            PASS,
            "        return self.fc(x) / self.depth()",
            methods=DEPTH.replace("    DECORATOR\n", ""),
        ),
        True,
    ),
    (
        "TL209",
        _module(
            PASS,
            "        return self.fc(x) / self.depth()",
            methods=DEPTH.replace(
                "    def __len__", "    @torch.jit.export\n    def __len__"
            ).replace("    DECORATOR\n", ""),
        ),
        False,
    ),
    # A project module built in the class body, read through `self`; built in `__init__`.
    (
        "TL216",
        _module(
            PASS,
            "        return self.scale(self.fc(x))",
            extra=SCALE,
            body="    scale = Scale()\n\n",
        ),
        True,
    ),
    (
        "TL216",
        _module(
            "        self.scale = Scale()", "        return self.scale(self.fc(x))", extra=SCALE
        ),
        False,
    ),
    # A dataclass config's `default_factory=list` field stored on the module unchanged.
    (
        "TL212",
        _module(
            "        self.head = Head(HeadConfig(width=4))",
            "        return self.head(x)",
            extra=CONFIG,
        ),
        True,
    ),
    (
        "TL212",
        _module(
            "        self.head = Head(HeadConfig(width=4, skip_levels=[1]))",
            "        return self.head(x)",
            extra=CONFIG,
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


# torch.signal.windows' functions are plain Python with keyword-only parameters behind
# `@_add_docstr(...)`, which hands the function back: TorchScript compiles their source and
# rejects them (TL209 reads the installed torch's source, so torch must be installed).
SIGNAL_WINDOWS = [
    (
        _module(
            "",
            "        w = windows.hann(4, sym=False)\n        return self.fc(x) * w",
            extra="from torch.signal import windows\n\n\n",
        ),
        True,
    ),
    (_module("", "        return self.fc(x) * torch.hann_window(4, periodic=True)"), False),
]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("source", "flagged"), SIGNAL_WINDOWS)
def test_signal_windows_read_from_the_installed_torch(source: str, flagged: bool) -> None:
    from .oracle import check

    assert _flagged("TL209", source) == flagged, source
    assert check(source, "script").ok != flagged, source
