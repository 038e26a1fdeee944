"""Script mechanisms from the heldout18 probe batch (and the script column of b38), each linted
and run through torch.

Each case is a complete example (``Model`` and ``inputs()``); the rule flags it exactly when
torch 2.13's ``torch.jit.script`` rejects it or diverges from eager on the inputs (the torch
half runs where torch is installed): a module container indexed with a variable into a name
annotated with a ``torch.jit.interface`` type (fine, called through ``.forward``; not called
directly, nor holding a class whose ``forward`` names its parameters otherwise), ``tuple.index``
of a tuple attribute set from a parameter's tuple default, ``tuple(range(...))``, a tuple of
ints for ``F.interpolate``'s float ``scale_factor``, a ``return_indices`` flag that is no
constant, a module-level bool bound under ``try`` / ``except``, an adaptive pool whose output
size holds None, ``nn.MaxUnpool2d``, a class-body ``Optional[nn.Linear]`` annotation, a ``str``
mixin Enum's member held in an attribute and compared with a member, a class that overrides
``__call__`` or finds attributes with ``__getattr__``, ``flatten_parameters`` of an LSTM,
``platform.system()``, and ``torch.tensor`` of 0-d tensors.
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import script_disagreements
from .test_script_misses import _flagged

HEAD = (
    "import platform\nfrom enum import Enum, IntEnum\nfrom typing import Final, Optional\n\n"
    "import torch\nimport torch.nn.functional as F\nfrom torch import Tensor, nn\n\n\n"
)
TAIL = "\n\ndef inputs():\n    return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]\n"


def _module(init: str, forward: str, extra: str = "", methods: str = "", ann: str = "") -> str:
    return (
        HEAD + extra + "class Model(nn.Module):\n" + ann + "    def __init__(self, keep=True, "
        "out_indices=(1, 3), pool=None):\n        super().__init__()\n"
        "        self.conv = nn.Conv2d(3, 3, 1)\n"
        + init
        + "\n\n"
        + methods
        + "    def forward(self, x):\n"
        + forward
        + TAIL
    )


PASS = "        pass"
INTERFACE = (
    "@torch.jit.interface\nclass BlockInterface(nn.Module):\n"
    "    def forward(self, x: Tensor) -> Tensor:\n        pass\n\n\n"
    "class Block(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    "        self.conv = nn.Conv2d(3, 3, 1)\n\n"
    "    def forward(self, PARAM):\n        return self.conv(PARAM)\n\n\n"
)
BLOCKS = "        self.blocks = nn.ModuleList([Block() for _ in range(3)])"
POOL_ENUM = 'class PoolType(str, Enum):\n    AVG = "avg"\n    MAX = "max"\n\n\n'
APEX = (
    "try:\n    import apex  # noqa: F401\n\n    HAS_APEX = True\n"
    "except ImportError:\n    HAS_APEX = False\n\n\n"
)
GETATTR = (
    "    def __getattr__(self, name):\n        try:\n            return super().__getattr__(name)\n"
    "        except AttributeError:\n            return getattr(self.inner, name)\n\n"
)

# (rule, source, whether the rule flags it). Torch's verdict is computed in the test.
CASES = [
    # A container indexed with a variable into an interface-annotated name.
    (
        "TL208",
        _module(
            BLOCKS,
            "        for i in range(3):\n            b: BlockInterface = self.blocks[i]\n"
            "            x = b.forward(x)\n        return x",
            extra=INTERFACE.replace("PARAM", "x"),
        ),
        False,
    ),
    (
        "TL208",
        _module(
            BLOCKS,
            "        for i in range(3):\n            b: BlockInterface = self.blocks[i]\n"
            "            x = b(x)\n        return x",
            extra=INTERFACE.replace("PARAM", "x"),
        ),
        True,
    ),
    (
        "TL208",
        _module(
            BLOCKS,
            "        for i in range(3):\n            b: BlockInterface = self.blocks[i]\n"
            "            x = b.forward(x)\n        return x",
            extra=INTERFACE.replace("PARAM", "inp"),
        ),
        True,
    ),
    (
        "TL208",
        _module(
            BLOCKS,
            "        for i in range(3):\n            x = self.blocks[i](x)\n        return x",
            extra=INTERFACE.replace("PARAM", "x"),
        ),
        True,
    ),
    # `index` of a tuple attribute a parameter's tuple default sets.
    (
        "TL209",
        _module(
            "        self.out_indices = out_indices",
            "        return x * float(self.out_indices.index(3))",
        ),
        True,
    ),
    (
        "TL209",
        _module(
            "        self.out_indices = list(out_indices)",
            "        return x * float(self.out_indices.index(3))",
        ),
        False,
    ),
    # `tuple(range(...))`.
    ("TL209", _module(PASS, "        return x.mean(dim=tuple(range(2, x.dim())))"), True),
    ("TL209", _module(PASS, "        return x.mean(dim=list(range(2, x.dim())))"), False),
    # A tuple of ints for interpolate's float scale_factor.
    (
        "TL215",
        _module(PASS, "        return F.interpolate(x, scale_factor=(2, 1), mode='nearest')"),
        True,
    ),
    (
        "TL215",
        _module(PASS, "        return F.interpolate(x, None, [2, 1.5], 'nearest')"),
        True,
    ),
    (
        "TL215",
        _module(PASS, "        return F.interpolate(x, scale_factor=(2.0, 1.0), mode='nearest')"),
        False,
    ),
    # A `return_indices` flag TorchScript cannot fold.
    (
        "TL215",
        _module(
            "        self.keep = keep",
            "        y, i = F.max_pool2d(x, 2, return_indices=self.keep)\n        return y, i",
        ),
        True,
    ),
    (
        "TL215",
        _module(
            "        self.keep = keep",
            "        y, i = F.adaptive_max_pool2d(x, 2, self.keep)\n        return y, i",
        ),
        True,
    ),
    (
        "TL215",
        _module(
            "        self.keep = keep",
            "        y, i = F.max_pool2d(x, 2, return_indices=self.keep)\n        return y, i",
            ann="    keep: Final[bool]\n\n",
        ),
        False,
    ),
    (
        "TL215",
        _module(
            PASS, "        y, i = F.max_pool2d(x, 2, return_indices=True)\n        return y, i"
        ),
        False,
    ),
    # A module-level flag bound under try / except, or under `if`.
    (
        "TL207",
        _module(
            PASS, "        if HAS_APEX:\n            return x * 2\n        return x", extra=APEX
        ),
        True,
    ),
    (
        "TL207",
        _module(
            PASS,
            "        if FAST:\n            return x * 2\n        return x",
            extra="if platform.system() == 'Linux':\n    FAST = True\nelse:\n    FAST = False\n\n\n",
        ),
        True,
    ),
    (
        "TL207",
        _module(
            PASS,
            "        return x * 2",
            extra=APEX,
        ),
        False,
    ),
    # An adaptive pool whose output size holds None; MaxUnpool2d.
    (
        "TL219",
        _module(
            "        self.pool = nn.AdaptiveAvgPool2d((1, None))", "        return self.pool(x)"
        ),
        True,
    ),
    (
        "TL219",
        _module(
            "        self.pool = nn.Sequential(nn.ReLU(), nn.AdaptiveMaxPool2d((None, 1)))",
            "        return self.pool(x)",
        ),
        True,
    ),
    (
        "TL219",
        _module("        self.pool = nn.AdaptiveAvgPool2d((1, 2))", "        return self.pool(x)"),
        False,
    ),
    (
        "TL219",
        _module(
            "        self.pool = nn.MaxPool2d(2, 2, return_indices=True)\n"
            "        self.unpool = nn.MaxUnpool2d(2, 2)",
            "        y, i = self.pool(x)\n        return self.unpool(y, i, output_size=x.size())",
        ),
        True,
    ),
    (
        "TL219",
        _module(
            "        self.pool = nn.MaxPool2d(2, 2, return_indices=True)",
            "        y, i = self.pool(x)\n        return F.max_unpool2d(y, i, 2, 2, 0, x.size())",
        ),
        False,
    ),
    # A class-body annotation of a submodule with a torch.nn class.
    (
        "TL216",
        _module(
            "        self.proj = nn.Linear(4, 4) if pool is None else None",
            "        if self.proj is not None:\n            x = self.proj(x)\n        return x",
            ann="    proj: Optional[nn.Linear]\n\n",
        ),
        True,
    ),
    (
        "TL216",
        _module(
            "        self.proj = nn.Linear(4, 4) if pool is not None else None",
            "        if self.proj is not None:\n            x = self.proj(x)\n        return x",
            ann="    proj: Optional[nn.Linear]\n\n",
        ),
        True,
    ),
    (
        "TL216",
        _module(
            "        self.proj = nn.Linear(4, 4) if pool is None else None",
            "        if self.proj is not None:\n            x = self.proj(x)\n        return x",
        ),
        False,
    ),
    # A str mixin Enum's member held in an attribute, compared with a member.
    (
        "TL215",
        _module(
            "        self.pool_type = pool_type",
            "        if self.pool_type == PoolType.AVG:\n            return x.mean(1)\n"
            "        return x.amax(1)",
            extra=POOL_ENUM,
        ).replace("pool=None):", "pool=None, pool_type=PoolType.MAX):"),
        True,
    ),
    (
        "TL215",
        _module(
            "        self.pool_type = PoolType.MAX",
            "        if self.pool_type in (PoolType.AVG, PoolType.MAX):\n            return x.mean(1)\n"
            "        return x.amax(1)",
            extra=POOL_ENUM,
        ),
        True,
    ),
    (
        "TL215",
        _module(
            "        self.pool_type = PoolType.MAX",
            "        if self.pool_type == PoolType.AVG.value:\n            return x.mean(1)\n"
            "        return x.amax(1)",
            extra=POOL_ENUM,
        ),
        False,
    ),
    (
        "TL215",
        _module(
            "        self.level = Level.LOW",
            "        if self.level != Level.HIGH:\n            return x.mean(1)\n        return x",
            extra="class Level(IntEnum):\n    LOW = 1\n    HIGH = 2\n\n\n",
        ),
        True,
    ),
    (
        "TL215",
        _module(
            "        self.level = Level.LOW",
            "        if self.level != Level.HIGH:\n            return x.mean(1)\n        return x",
            extra="class Level(Enum):\n    LOW = 1\n    HIGH = 2\n\n\n",
        ),
        False,
    ),
    # `__call__` overridden around forward; attributes found by `__getattr__`.
    (
        "TL212",
        _module(
            PASS,
            "        return self.conv(x)",
            methods="    def __call__(self, x, *args, **kwargs):\n        x = x * 2\n"
            "        return super().__call__(x, *args, **kwargs)\n\n",
        ),
        True,
    ),
    (
        "TL212",
        _module(
            PASS,
            "        return self.conv(x)",
            methods="    def __call__(self, *args, **kwargs):\n"
            "        return super().__call__(*args, **kwargs)\n\n",
        ),
        False,
    ),
    (
        "TL212",
        _module(
            "        self.inner = nn.Conv2d(3, 3, 1)\n        self.inner.gain = 0.5",
            "        return self.inner(x) * self.gain",
            methods=GETATTR,
        ),
        True,
    ),
    (
        "TL212",
        _module(
            "        self.inner = nn.Conv2d(3, 3, 1)\n        self.gain = 0.5",
            "        return self.inner(x) * self.gain",
            methods=GETATTR,
        ),
        False,
    ),
    # Methods of torch.nn classes compiled from torch's source; stdlib modules.
    (
        "TL209",
        _module(
            "        self.rnn = nn.GRU(4, 4, batch_first=True)",
            "        self.rnn.flatten_parameters()\n        y, _ = self.rnn(x.flatten(1, 2))\n"
            "        return y",
        ),
        True,
    ),
    (
        "TL209",
        _module(
            "        self.rnn = nn.GRU(4, 4, batch_first=True)",
            "        if not torch.jit.is_scripting():\n            self.rnn.flatten_parameters()\n"
            "        y, _ = self.rnn(x.flatten(1, 2))\n        return y",
        ),
        False,
    ),
    (
        "TL209",
        _module(
            PASS,
            "        if platform.system() == 'Darwin':\n            x = x.contiguous()\n        return x",
        ),
        True,
    ),
    # `torch.tensor` of 0-d tensors.
    (
        "TL205",
        _module(PASS, "        return torch.tensor([x.mean(), x.std()])"),
        True,
    ),
    (
        "TL205",
        _module(PASS, "        return torch.stack([x.mean(), x.std()]).detach()"),
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
