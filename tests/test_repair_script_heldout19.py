"""Script repairs for mechanisms of the heldout19 probe batch (fixers/script_heldout19.py): a
``torch.cuda`` query through an ``@torch.jit.ignore`` function, a submodule's delegating
``__len__`` / ``__iter__`` / ``__getitem__`` read through to its container, an empty list of
tuples annotated, a module container zipped with a list in a comprehension made an
``enumerate``, an int attribute indexing a module container made ``Final[int]``,
``torch.tensor([])`` as ``torch.empty(0)``, a dropped method's call kept from TorchScript, a
dict display stored through an annotated local, ``assert (cond, msg)`` unparenthesised,
``x.type() == "torch.HalfTensor"`` as dtype / device / layout tests, and a ``raise`` where a
function could end without its return; before/after text and torch's word that the fixed
model scripts with eager outputs unchanged and no other back-end broken."""

from __future__ import annotations

import pytest

from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)


def _fix(code: str, *, unsafe: bool = False) -> str:
    return fixed_text(code, SETTINGS, unsafe=unsafe)


def _model(forward: str, init: str = "", top: str = "", ann: str = "", params: str = "") -> str:
    body = "\n".join("        " + line if line else "" for line in forward.splitlines())
    setup = "\n".join("        " + line for line in init.splitlines())
    return (
        "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n"
        f"{top}\n\n"
        "class Model(nn.Module):\n"
        f"{ann}"
        f"    def __init__(self{params}):\n"
        "        super().__init__()\n"
        "        self.conv = nn.Conv2d(3, 3, 1)\n"
        f"{setup}\n\n"
        "    def forward(self, x):\n"
        f"{body}\n\n\n"
        "def inputs():\n"
        "    return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]\n"
    )


def _helper(name: str, api: str, returns: str) -> str:
    return f"@torch.jit.ignore\ndef {name}() -> {returns}:\n    return torch.cuda.{api}()\n\n\n"


STAGE = (
    "class Stage(nn.Module):\n"
    "    def __init__(self):\n"
    "        super().__init__()\n"
    "        self.blocks = nn.ModuleList([nn.Conv2d(3, 3, 1) for _ in range(3)])\n\n"
    "    def __len__(self) -> int:\n"
    "        return len(self.blocks)\n\n"
    "    def __iter__(self):\n"
    '        """Its blocks, first to last."""\n'
    "        yield from self.blocks\n\n"
    "    def __getitem__(self, idx: int):\n"
    "        return self.blocks[idx]\n\n"
    "    def forward(self, x):\n"
    "        return x\n"
)

CACHE_OLD = '        state["kv"] = {"key": x, "value": x * 2}\n'
CACHE_NEW = (
    '        entry: Dict[str, Optional[torch.Tensor]] = {"key": x, "value": x * 2}\n'
    '        state["kv"] = entry\n'
)
CACHE = (
    "from typing import Dict, Optional\n\nimport torch\nfrom torch import nn\n\n\n"
    "class Model(nn.Module):\n"
    "    def forward(\n"
    "        self, x: torch.Tensor, state: Optional[Dict[str, Dict[str, Optional[torch.Tensor]]]] = None\n"
    "    ) -> torch.Tensor:\n"
    "        if state is None:\n"
    "            return x\n" + CACHE_OLD + "        return x * 2\n\n\n"
    "def inputs():\n"
    "    return [(torch.randn(2, 3), {}), (torch.randn(1, 3), None)]\n"
)

# (id, source, the fix's text replacements, whether the fix is unsafe)
CASES = [
    (
        "cuda-is-available-through-python",
        _model(
            'device = "cuda" if torch.cuda.is_available() else "cpu"\n'
            "return x + torch.ones(x.shape[-1], device=device)"
        ),
        [
            (
                "class Model(",
                _helper("_cuda_is_available", "is_available", "bool") + "class Model(",
            ),
            ("if torch.cuda.is_available() else", "if _cuda_is_available() else"),
        ],
        True,
    ),
    (
        "cuda-device-count-through-python",
        _model("if torch.cuda.device_count() > 1:\n    return x * 2\nreturn x"),
        [
            ("class Model(", _helper("_cuda_device_count", "device_count", "int") + "class Model("),
            ("if torch.cuda.device_count() > 1:", "if _cuda_device_count() > 1:"),
        ],
        True,
    ),
    (
        "submodule-len-dunder",
        _model("return x / len(self.stage)", init="self.stage = Stage()", top=STAGE),
        [("len(self.stage)", "len(self.stage.blocks)")],
        True,
    ),
    (
        "submodule-iter-dunder",
        _model(
            "for block in self.stage:\n    x = block(x)\nreturn x",
            init="self.stage = Stage()",
            top=STAGE,
        ),
        [("for block in self.stage:", "for block in self.stage.blocks:")],
        True,
    ),
    (
        "submodule-getitem-dunder",
        _model("return self.stage[-1](x)", init="self.stage = Stage()", top=STAGE),
        [("self.stage[-1](x)", "self.stage.blocks[-1](x)")],
        True,
    ),
    (
        "empty-list-of-tensor-int-tuples",
        _model(
            "pairs = []\nfor k in range(2):\n    pairs.append((x * k, x.shape[k]))\n"
            "return torch.stack([p[0] * p[1] for p in pairs])"
        ),
        [
            (
                "from torch import nn\n",
                "from torch import nn\nfrom typing import List\nfrom typing import Tuple\n",
            ),
            ("pairs = []", "pairs: List[Tuple[torch.Tensor, int]] = []"),
        ],
        False,
    ),
    (
        "zip-comprehension-to-enumerate",
        _model(
            "feats = [x, x * 2]\n"
            "outs = [conv(f) + f for conv, f in zip(self.convs, feats)]\n"
            "return torch.stack([y for y in outs])",
            init="self.convs = nn.ModuleList([nn.Conv2d(3, 3, 1), nn.Conv2d(3, 3, 1)])",
        ),
        [
            (
                "[conv(f) + f for conv, f in zip(self.convs, feats)]",
                "[conv(feats[i]) + feats[i] for i, conv in enumerate(self.convs)]",
            )
        ],
        True,
    ),
    (
        "zip-comprehension-sequence-first",
        _model(
            "feats = [x, x * 2]\nreturn [conv(f) for f, conv in zip(feats, self.convs)]",
            init="self.convs = nn.ModuleList([nn.Conv2d(3, 3, 1), nn.Conv2d(3, 3, 1)])",
        ),
        [
            (
                "[conv(f) for f, conv in zip(feats, self.convs)]",
                "[conv(feats[i]) for i, conv in enumerate(self.convs)]",
            )
        ],
        True,
    ),
    (
        "final-int-index-parameter",
        _model(
            "return self.heads[self.pick](x)",
            init="self.heads = nn.ModuleList([nn.Conv2d(3, 2, 1) for _ in range(3)])\n"
            "self.pick = pick",
            params=", pick: int = 1",
        ),
        [
            ("from torch import nn\n", "from torch import nn\nfrom typing import Final\n"),
            ("class Model(nn.Module):\n", "class Model(nn.Module):\n    pick: Final[int]\n\n"),
        ],
        True,
    ),
    (
        "final-int-index-literal-after-docstring",
        _model(
            "return self.heads[self.last](x)",
            init="self.heads = nn.Sequential(nn.Conv2d(3, 2, 1), nn.Conv2d(3, 2, 1))\n"
            "self.last = -1",
            ann='    """Heads."""\n\n',
        ),
        [
            ("from torch import nn\n", "from torch import nn\nfrom typing import Final\n"),
            ('    """Heads."""\n\n', '    """Heads."""\n\n    last: Final[int]\n\n'),
        ],
        True,
    ),
    (
        "empty-tensor-list",
        _model(
            "if x.shape[0] == 2:\n    return torch.tensor([], dtype=torch.long, device=x.device)\n"
            "return x"
        ),
        [
            (
                "torch.tensor([], dtype=torch.long, device=x.device)",
                "torch.empty(0, dtype=torch.long, device=x.device)",
            )
        ],
        False,
    ),
    (
        "guard-dropped-method-call",
        _model(
            "self._record(x)\nreturn x * 2",
            init="self.last = 0.0",
            ann="    @torch.jit.ignore(drop=True)\n"
            "    def _record(self, x: torch.Tensor) -> None:\n"
            "        self.last = float(x.mean())\n\n",
        ),
        [
            (
                "        self._record(x)\n",
                "        if not torch.jit.is_scripting():\n            self._record(x)\n",
            )
        ],
        False,
    ),
    ("dict-display-through-annotated-local", CACHE, [(CACHE_OLD, CACHE_NEW)], False),
    (
        "assert-tuple-display",
        _model('assert (x.dim() == 4, "a 4-d input")\nreturn x * 2'),
        [('assert (x.dim() == 4, "a 4-d input")', 'assert x.dim() == 4, "a 4-d input"')],
        True,
    ),
    (
        "tensor-type-string-not-equal",
        _model('if x.type() != "torch.FloatTensor":\n    x = x.float()\nreturn x * 2'),
        [
            (
                'if x.type() != "torch.FloatTensor":',
                'if not (x.dtype == torch.float32 and x.device.type == "cpu" '
                "and x.layout == torch.strided):",
            )
        ],
        True,
    ),
    (
        "tensor-type-string-cuda-name",
        _model('half = x.type() == "torch.cuda.HalfTensor"\nreturn x * 2 if half else x'),
        [
            (
                'half = x.type() == "torch.cuda.HalfTensor"',
                'half = x.dtype == torch.float16 and x.device.type == "cuda" '
                "and x.layout == torch.strided",
            )
        ],
        True,
    ),
    (
        "raise-at-missing-return",
        _model(
            "return self._pick([x, x * 2], 1)",
            top="from typing import List\n",
            ann="    def _pick(self, xs: List[torch.Tensor], k: int) -> torch.Tensor:\n"
            "        for i, t in enumerate(xs):\n"
            "            if i == k:\n"
            "                return t\n\n",
        ),
        [
            (
                "                return t\n",
                "                return t\n"
                '        raise RuntimeError("`_pick` reached its end without returning a value")\n',
            )
        ],
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


LEFT_ALONE = [
    (
        "dunder-with-more-logic",
        _model(
            "return x / len(self.stage)",
            init="self.stage = Stage()",
            top=STAGE.replace("return len(self.blocks)", "return len(self.blocks) + 1"),
        ),
    ),
    (
        "dunder-container-rebound",
        _model(
            "return x / len(self.stage)",
            init="self.stage = Stage()",
            top=STAGE.replace(
                "    def forward(self, x):\n",
                "    def grow(self):\n        self.blocks = nn.ModuleList()\n\n"
                "    def forward(self, x):\n",
            ),
        ),
    ),
    (
        "index-attribute-set-in-forward",
        _model(
            "self.pick = 0\nreturn self.heads[self.pick](x)",
            init="self.heads = nn.ModuleList([nn.Conv2d(3, 2, 1) for _ in range(3)])\n"
            "self.pick = 1",
        ),
    ),
    (
        "index-attribute-from-unknown-parameter",
        _model(
            "return self.heads[self.pick](x)",
            init="self.heads = nn.ModuleList([nn.Conv2d(3, 2, 1) for _ in range(3)])\n"
            "self.pick = pick",
            params=", pick=None",
        ),
    ),
    (
        "assert-three-tuple",
        _model('assert (x.dim() == 4, x.shape[1] == 3, "rgb")\nreturn x'),
    ),
    (
        "missing-return-optional",
        _model(
            "y = self._pick([x, x * 2], 1)\nreturn x if y is None else y",
            top="from typing import List, Optional\n",
            ann="    def _pick(self, xs: List[torch.Tensor], k: int) -> Optional[torch.Tensor]:\n"
            "        for i, t in enumerate(xs):\n"
            "            if i == k:\n"
            "                return t\n\n",
        ),
    ),
    (
        "list-of-mixed-tuples",
        _model("pairs = []\npairs.append((x, 1))\npairs.append((x, 2.0))\nreturn pairs[0][0]"),
    ),
]


@pytest.mark.parametrize("source", [c[1] for c in LEFT_ALONE], ids=[c[0] for c in LEFT_ALONE])
def test_left_alone(source):
    """No rewrite where the dunder does more than hand on its container, the container is
    rebound, the index attribute changes after construction or may hold anything, or the
    appended tuples disagree."""
    source = normalized(source)
    assert _fix(source, unsafe=True) == source
