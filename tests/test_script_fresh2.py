"""Script mechanisms from the fresh2 accuracy corpus's misses and false finding, each linted and
run through torch.

Each case is a complete example (``Model`` and ``inputs()``); the rule flags it exactly when
torch 2.13's ``torch.jit.script`` rejects it (the torch half runs where torch is installed):
``torch.tensor`` (a function) in an annotation, directly or through an alias (diffsort's
``SORTING_NETWORK_TYPE = List[torch.tensor]``); an unannotated parameter with a str default
compared with a string (info-nce's ``negative_mode``: the body is compiled before the default is
checked); ``self.x = None`` where the attribute holds a tensor (a buffer or parameter registered
with one, a torch factory's tensor, or a lazy cache once the module has run: positional-encodings'
``cached_penc``); a helper method whose body calls ``einops.rearrange``, which torch reports at
the helper's call (yet-another-retnet); and an attribute that ``__init__`` sets in ``if bias:``
and registers by name in the ``else`` (torchfm's ``register_parameter("bias", None)``: no
finding). And the script misses of probe batch b39: a number read out of a tensor
(``float(self.sigmas[i])``) or a size given to an unannotated parameter, also of the blocks of
a ``ModuleList`` (``for blk in self.blocks: blk(x, T, N)``), and ``for a, b in self.layers:``
over a ``ModuleList`` of ``ModuleList``s (module cannot be used as a tuple).
"""

from __future__ import annotations

import importlib.util
import re

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.registry import all_rules
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .test_script_misses import _flagged

HEAD = "from typing import List, Optional\n\nimport torch\nfrom torch import nn\n\n\n"
TAIL = "\n\ndef inputs():\n    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"

CHAIN = (
    "def chain(ws: WEIGHTS, x: torch.Tensor) -> torch.Tensor:\n    for w in ws:\n"
    "        x = x @ w\n    return x\n\n\n"
    "class Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    "        self.ws = [torch.eye(3), 2 * torch.eye(3)]\n\n"
    "    def forward(self, x):\n        return chain(self.ws, x)\n"
)


def _chain(alias: str) -> str:
    return HEAD + f"Weights = {alias}\n\n\n" + CHAIN.replace("WEIGHTS", "Weights") + TAIL


def _direct(annotation: str) -> str:
    return HEAD + CHAIN.replace("WEIGHTS", annotation) + TAIL


def _pool(signature: str) -> str:
    return (
        HEAD + f"def pool(x, {signature}):\n    if mode == 'mean':\n        return x.mean(0)\n"
        "    return x.amax(0)\n\n\n"
        "class Model(nn.Module):\n    def __init__(self, mode='mean'):\n        super().__init__()\n"
        "        self.mode = mode\n\n    def forward(self, x):\n"
        "        return pool(x, mode=self.mode)\n" + TAIL
    )


def _store(init: str, ann: str = "") -> str:
    return (
        HEAD + "class Model(nn.Module):\n" + ann + "    def __init__(self):\n"
        "        super().__init__()\n" + init + "\n\n    def forward(self, x):\n"
        "        if x.shape[0] > 3:\n            self.cache = None\n            return x\n"
        "        self.cache = x[0] * 2\n        return x + 1\n" + TAIL
    )


ANNOTATED = "    cache: Optional[torch.Tensor]\n\n"


def _bias(other: str) -> str:
    return (
        HEAD + "class Model(nn.Module):\n    def __init__(self, bias=False):\n"
        "        super().__init__()\n        self.weight = nn.Parameter(torch.randn(3, 3))\n"
        "        if bias:\n            self.bias = nn.Parameter(torch.randn(3))\n" + other + "\n"
        "    def forward(self, x):\n        out = x @ self.weight\n"
        "        if self.bias is not None:\n            out = out + self.bias\n"
        "        return out\n" + TAIL
    )


def _blocks(signature: str, given: str) -> str:
    return (
        HEAD + "class Block(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.fc = nn.Linear(3, 3)\n\n"
        f"    def forward(self, {signature}):\n        return self.fc(x) * scale + n\n\n\n"
        "class Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.blocks = nn.ModuleList([Block() for _ in range(2)])\n"
        '        self.register_buffer("scales", torch.tensor([0.5, 2.0]))\n\n'
        "    def forward(self, x):\n        for i, blk in enumerate(self.blocks):\n"
        f"            x = blk(x, {given})\n        return x\n" + TAIL
    )


def _unpacked(loop: str) -> str:
    return (
        HEAD + "class Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.layers = nn.ModuleList(\n"
        "            [nn.ModuleList([nn.Linear(3, 3), nn.ReLU()]) for _ in range(2)]\n"
        "        )\n\n    def forward(self, x):\n        " + loop + "\n        return x\n" + TAIL
    )


EINOPS = (
    "import torch\nfrom einops import rearrange\nfrom torch import nn\n\n\n"
    "class Model(nn.Module):\n    def split(self, x: torch.Tensor) -> torch.Tensor:\n"
    "        return BODY\n\n    def forward(self, x):\n        return self.split(x) * 2\n\n\n"
    "def inputs():\n    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]\n"
)
EINOPS_CALL_LINE = 11  # `return self.split(x) * 2`

CASES = [
    # `torch.tensor`, a function, in an annotation: directly, in a List, through an alias.
    ("TL214", _direct("List[torch.tensor]"), True),
    ("TL214", _chain("List[torch.tensor]"), True),
    ("TL214", _chain("List[torch.Tensor]"), False),
    ("TL214", _direct("List[torch.Tensor]"), False),
    (
        "TL214",
        HEAD + "def scaled(x: torch.tensor) -> torch.Tensor:\n    return x * 2\n\n\n"
        "class Model(nn.Module):\n    def forward(self, x):\n        return scaled(x)\n" + TAIL,
        True,
    ),
    # A str default types nothing: the comparison with a string fails first.
    ("TL210", _pool("mode='mean'"), True),
    ("TL210", _pool("mode: str = 'mean'"), False),
    # None stored into an attribute that holds a tensor.
    ("TL213", _store('        self.register_buffer("cache", torch.zeros(3))'), True),
    ("TL213", _store("        self.cache = torch.zeros(3)"), True),
    ("TL213", _store("        self.cache = nn.Parameter(torch.zeros(3))"), True),
    ("TL213", _store('        self.register_buffer("cache", torch.zeros(3))', ANNOTATED), False),
    ("TL213", _store("        self.cache = torch.zeros(3)", ANNOTATED), False),
    # A lazy cache (fails either way: NoneType when fresh, Tensor once it has run).
    ("TL213", _store('        self.register_buffer("cache", None)'), True),
    ("TL213", _store('        self.register_buffer("cache", None)', ANNOTATED), False),
    # A helper calling a library function TorchScript cannot take the signature of.
    ("TL209", EINOPS.replace("BODY", 'rearrange(x, "b (h d) -> b h d", h=3)'), True),
    ("TL209", EINOPS.replace("BODY", "x.reshape(x.shape[0], 3, -1)"), False),
    # b39 probes: a number read out of a tensor, and sizes, given to an unannotated parameter
    # (of a submodule, of the blocks of a ModuleList); the items of a ModuleList unpacked.
    ("TL210", _blocks("x, scale, n", "float(self.scales[i]), x.size(0)"), True),
    ("TL210", _blocks("x, scale: float, n: int", "float(self.scales[i]), x.size(0)"), False),
    ("TL210", _blocks("x, scale, n", "self.scales[i], x[0]"), False),
    ("TL204", _unpacked("for lin, act in self.layers:\n            x = act(lin(x))"), True),
    (
        "TL204",
        _unpacked("for i, (lin, act) in enumerate(self.layers):\n            x = act(lin(x))"),
        True,
    ),
    ("TL204", _unpacked("for layer in self.layers:\n            x = layer[1](layer[0](x))"), False),
    # An attribute registered by name in the `else`: it exists on both paths.
    ("TL212", _bias('        else:\n            self.register_parameter("bias", None)\n'), False),
    ("TL212", _bias(""), True),
]


@pytest.mark.parametrize(("code", "source", "flagged"), CASES)
def test_rule_verdict(code: str, source: str, flagged: bool) -> None:
    if "einops" in source and importlib.util.find_spec("einops") is None:
        pytest.skip("TL209 reads einops' installed source")
    assert _flagged(code, source) == flagged, source


def _lines(code: str, source: str) -> list[int]:
    rules = [rule for rule in all_rules() if rule.code == code]
    settings = Settings(select=(code,), targets_explicit=True)
    result = lint_text("example.py", source, settings=settings, rules=rules)
    return sorted(d.line for d in result.diagnostics if d.code == code)


def test_findings_are_where_torch_points() -> None:
    # The helper's call (torch: 'Model.split' is being compiled since it was called from ...),
    # besides the `rearrange` call itself.
    source = EINOPS.replace("BODY", 'rearrange(x, "b (h d) -> b h d", h=3)')
    if importlib.util.find_spec("einops") is not None:  # TL209 reads its installed source
        assert _lines("TL209", source) == [8, EINOPS_CALL_LINE]
    # The comparison (line 8), not only the signature.
    assert _lines("TL210", _pool("mode='mean'")) == [8]
    # The store of None (line 14) of a lazy cache; TL213 also flags the tensor store (16).
    assert _lines("TL213", _store('        self.register_buffer("cache", None)')) == [14, 16]


def _script_error(source: str, run_first: bool = False) -> str:
    import torch

    from .oracle import load_example

    # A fresh module name: a class TorchScript compiled before cannot be compiled again.
    module = load_example(source + f"\n# located, run first: {run_first}\n")
    model = module.Model()
    if run_first:
        model(*module.inputs()[0])
    try:
        torch.jit.script(model)
    except Exception as exc:  # noqa: BLE001 - torch's message is the point
        return str(exc)
    return ""


@requires_torch
@pytest.mark.torch
def test_torch_agrees() -> None:
    from .oracle import check

    disagree = [
        (code, source) for code, source, flagged in CASES if check(source, "script").ok == flagged
    ]
    assert not disagree, disagree


@requires_torch
@pytest.mark.torch
def test_torch_points_where_the_findings_are() -> None:
    # einops: the error names the helper's call in forward, and no line of the helper.
    message = _script_error(EINOPS.replace("BODY", 'rearrange(x, "b (h d) -> b h d", h=3)'))
    assert "Compiled functions can't take variable number of arguments" in message
    assert "'Model.split' is being compiled since it was called from 'Model.forward'" in message
    assert re.findall(r'tl_example_\w+\.py", line (\d+)', message) == [str(EINOPS_CALL_LINE)]
    # The str comparison: Arguments for call are not valid, at the comparison.
    message = _script_error(_pool("mode='mean'") + "\n# located\n")
    assert "Arguments for call are not valid" in message
    assert "if mode == 'mean':" in message
    # A lazy cache that has run holds a tensor: the store of None is refused.
    source = _store('        self.register_buffer("cache", None)') + "\n# after a run\n"
    message = _script_error(source, run_first=True)
    assert "Wrong type for attribute assignment. Expected Tensor but got NoneType" in message
    # Fresh, the same class is NoneType and refuses the tensor store instead.
    message = _script_error(_store('        self.register_buffer("cache", None)') + "\n# fresh\n")
    assert "Wrong type for attribute assignment. Expected NoneType but got Tensor" in message
    # `torch.tensor` in an annotation, and through an alias.
    assert "Unknown type name 'torch.tensor'" in _script_error(_direct("List[torch.tensor]"))
    assert "Unknown type name 'Weights'" in _script_error(_chain("List[torch.tensor]"))
