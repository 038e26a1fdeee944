"""Script repairs for mechanisms of the heldout18 probe batch (fixers/script_heldout18.py, and
the int-literal fix of fixers/script_spellings.py for a tuple of ints): ``tuple(range(...))``,
a str / int mixin Enum member compared with an attribute holding one, a class-body annotation
of a submodule with a torch.nn class, ``flatten_parameters()`` of an RNN submodule, a
``return_indices`` flag made ``Final[bool]``, an interface-typed name called through
``.forward``, and ``scale_factor=(2, 1)``; before/after text and torch's word that the fixed model scripts with
eager outputs unchanged and no other back-end broken."""

from __future__ import annotations

import pytest

from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)


def _fix(code: str, *, unsafe: bool = False) -> str:
    return fixed_text(code, SETTINGS, unsafe=unsafe)


def _model(forward: str, init: str = "", top: str = "", ann: str = "") -> str:
    body = "\n".join("        " + line if line else "" for line in forward.splitlines())
    setup = "\n".join("        " + line for line in init.splitlines())
    return (
        "from enum import Enum, IntEnum\nfrom typing import Optional\n\n"
        "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n"
        f"{top}\n\n"
        "class Model(nn.Module):\n"
        f"{ann}"
        "    def __init__(self, pool_type=None):\n"
        "        super().__init__()\n"
        "        self.conv = nn.Conv2d(3, 3, 1)\n"
        f"{setup}\n\n"
        "    def forward(self, x):\n"
        f"{body}\n\n\n"
        "def inputs():\n"
        "    return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]\n"
    )


POOL = 'class PoolType(str, Enum):\n    AVG = "avg"\n    MAX = "max"\n'
LEVEL = "class Level(IntEnum):\n    LOW = 1\n    HIGH = 2\n"

# (id, source, the fix's text replacements, whether the fix is unsafe)
CASES = [
    (
        "tuple-range-to-list",
        _model("dims = tuple(range(2, x.dim()))\nreturn x.mean(dim=dims) + x.var(dims).sum()"),
        [("tuple(range(2, x.dim()))", "list(range(2, x.dim()))")],
        True,
    ),
    (
        "str-mixin-member-value",
        _model(
            "if self.pool_type == PoolType.AVG:\n    return x.mean(1)\n"
            "if self.pool_type in (PoolType.MAX, PoolType.AVG):\n    return x.amax(1)\n"
            "return x",
            init="self.pool_type = pool_type",
            top=POOL,
        ).replace("pool_type=None", "pool_type=PoolType.MAX"),
        [
            ("== PoolType.AVG:", "== PoolType.AVG.value:"),
            (
                "in (PoolType.MAX, PoolType.AVG)",
                "in (PoolType.MAX.value, PoolType.AVG.value)",
            ),
        ],
        True,
    ),
    (
        "int-mixin-member-value",
        _model(
            "if self.level != Level.HIGH:\n    return x * 2\nreturn x",
            init="self.level = Level.LOW",
            top=LEVEL,
        ),
        [("!= Level.HIGH:", "!= Level.HIGH.value:")],
        True,
    ),
    (
        "drop-module-class-annotation",
        _model(
            "if self.proj is not None:\n    x = self.proj(x)\nreturn x",
            init="self.proj = nn.Linear(4, 4) if pool_type is None else None",
            ann="    proj: Optional[nn.Linear]\n\n",
        ),
        [("    proj: Optional[nn.Linear]\n", "")],
        True,
    ),
    (
        "drop-module-class-annotation-none",
        _model(
            "if self.proj is not None:\n    x = self.proj(x)\nreturn x",
            init="self.proj = nn.Linear(4, 4) if pool_type is not None else None",
            ann="    proj: Optional[nn.Linear]\n\n",
        ),
        [("    proj: Optional[nn.Linear]\n", "")],
        True,
    ),
    (
        "guard-flatten-parameters",
        _model(
            "self.rnn.flatten_parameters()\ny, _ = self.rnn(x.flatten(1, 2))\nreturn y",
            init="self.rnn = nn.LSTM(4, 5, batch_first=True)",
        ),
        [
            (
                "        self.rnn.flatten_parameters()\n",
                "        if not torch.jit.is_scripting():\n"
                "            self.rnn.flatten_parameters()\n",
            )
        ],
        False,
    ),
    (
        "final-return-indices-flag",
        _model(
            "y, i = F.max_pool2d(x, 2, return_indices=self.keep)\nreturn y, i",
            init="self.keep = keep",
        ).replace("pool_type=None", "pool_type=None, keep=True"),
        [
            ("from torch import nn\n", "from torch import nn\nfrom typing import Final\n"),
            (
                "class Model(nn.Module):\n",
                "class Model(nn.Module):\n    keep: Final[bool]\n\n",
            ),
        ],
        True,
    ),
    (
        "final-return-indices-flag-after-docstring",
        _model(
            "y, i = F.max_pool2d(x, 2, return_indices=self.keep)\nreturn y, i",
            init="self.keep = keep",
        )
        .replace("pool_type=None", "pool_type=None, keep=True")
        .replace("class Model(nn.Module):\n", 'class Model(nn.Module):\n    """Pools."""\n\n'),
        [
            ("from torch import nn\n", "from torch import nn\nfrom typing import Final\n"),
            ('    """Pools."""\n\n', '    """Pools."""\n\n    keep: Final[bool]\n\n'),
        ],
        True,
    ),
    (
        "interface-forward-call",
        _model(
            "for i in range(2):\n    b: BlockInterface = self.blocks[i]\n    x = b(x)\nreturn x",
            init="self.blocks = nn.ModuleList([nn.Identity(), nn.Identity()])",
            top="@torch.jit.interface\nclass BlockInterface(nn.Module):\n"
            "    def forward(self, input: torch.Tensor) -> torch.Tensor:\n        pass\n",
        ),
        [("    x = b(x)", "    x = b.forward(x)")],
        True,
    ),
    (
        "int-tuple-scale-factor",
        _model("return F.interpolate(x, scale_factor=(2, 1), mode='nearest')"),
        [("scale_factor=(2, 1)", "scale_factor=(2.0, 1.0)")],
        True,
    ),
]


@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_fix_text(source, edits, unsafe):
    assert_rewritten(normalized(source), edits, unsafe, SETTINGS)


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_fixed_model_scripts_with_eager_unchanged(source, edits, unsafe):
    source = normalized(source)
    assert_script_repaired(source, _fix(source, unsafe=unsafe))


def test_left_alone():
    """No rewrite of a mixin Enum with its own `__eq__`, or of a class-body annotation that
    is the class's only statement."""
    source = normalized(
        _model(
            "if self.pool_type == PoolType.AVG:\n    return x.mean(1)\nreturn x",
            init="self.pool_type = PoolType.MAX",
            top=POOL + "\n    def __eq__(self, other):\n        return str.__eq__(self, other)\n"
            "\n    __hash__ = str.__hash__\n",
        )
    )
    assert "PoolType.AVG.value" not in _fix(source, unsafe=True)
