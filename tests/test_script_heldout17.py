"""Script mechanisms from the heldout17 probe batch, each linted and run through torch.

Each case is a complete example (``Model`` and ``inputs()``); the rule flags it exactly when
torch 2.13's ``torch.jit.script`` rejects it or diverges from eager on the inputs (the torch
half runs where torch is installed): an import statement in scripted code (also under an
``is_scripting()`` guard), an installed library's function whose source TorchScript rejects
(an import inside ``torch.onnx.is_in_onnx_export``, ``**axes_lengths`` of
``einops.rearrange``), a bound method or an ``operator.methodcaller`` held as an attribute,
forward hooks TorchScript cannot compile, a dict returned on one path and a tensor on
another, and unpacking what a tensor method returns.
"""

from __future__ import annotations

import importlib.util

import pytest

from .conftest import requires_torch
from .test_script_misses import _flagged

HEAD = "import collections\nimport operator\nfrom typing import Tuple\n\nimport torch\nfrom torch import nn\n\n\n"
TAIL = "\n\ndef inputs():\n    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"


def _module(init: str, forward: str, extra: str = "", methods: str = "") -> str:
    return (
        HEAD + extra + "class Model(nn.Module):\n    def __init__(self, fast: bool = False):\n"
        "        super().__init__()\n        self.fc = nn.Linear(3, 3)\n"
        + init
        + "\n\n"
        + methods
        + "    def forward(self, x):\n"
        + forward
        + TAIL
    )


HELPERS = (
    "    def _double(self, x):\n        return x * 2\n\n"
    "    def _plus(self, x):\n        return x + 1\n\n"
)
HOOK = "def hook(module, inputs, output):\n    return output * 2\n\n\n"
TYPED_HOOK = (
    "def hook(module, inputs: Tuple[torch.Tensor], output: torch.Tensor) -> torch.Tensor:\n"
    "    return output * 2\n\n\n"
)
PASS = "        pass"
SPECS = "        self.specs = [('max', 2), ('avg', None)]"

# (rule, source, whether the rule flags it). Torch's verdict is computed in the test.
CASES = [
    # Import statements: anywhere in a scripted function, guarded or not.
    ("TL204", _module(PASS, "        import math\n        return x * math.pi"), True),
    (
        "TL204",
        _module(
            PASS,
            "        if not torch.jit.is_scripting():\n            from math import pi\n"
            "            x = x * pi\n        return x",
        ),
        True,
    ),
    ("TL204", _module(PASS, "        return x * 3.0", extra="import math\n\n"), False),
    # Unpacking a Tensor a method returns.
    (
        "TL204",
        _module(PASS, "        a, b = x.view(2, -1).permute(0, 1)\n        return a + b"),
        True,
    ),
    ("TL204", _module(PASS, "        a, b = x.view(2, -1).unbind(0)\n        return a + b"), False),
    # Library functions TorchScript compiles from a source it rejects.
    (
        "TL209",
        _module(
            PASS,
            "        if torch.onnx.is_in_onnx_export():\n            return x\n        return x * 2",
        ),
        True,
    ),
    (
        "TL209",
        _module(
            PASS,
            "        if torch.compiler.is_compiling():\n            return x\n        return x * 2",
        ),
        False,
    ),
    # A bound method, a methodcaller held as attributes.
    (
        "TL212",
        _module(
            "        self.act = self._double if fast else self._plus",
            "        return self.act(x)",
            methods=HELPERS,
        ),
        True,
    ),
    (
        "TL212",
        _module("        self.act = self._double", "        return self.act(x)", methods=HELPERS),
        True,
    ),
    (
        "TL212",
        _module(
            "        self.act = self._double", "        return self._double(x)", methods=HELPERS
        ),
        False,
    ),
    (
        "TL212",
        _module("        self.act = operator.methodcaller('relu')", "        return self.act(x)"),
        True,
    ),
    (
        "TL212",
        _module("        self.act = operator.itemgetter(0)", "        return self.act(x)"),
        True,
    ),
    # Hooks TorchScript compiles with the module.
    (
        "TL212",
        _module(
            "        self.fc.register_forward_hook(hook)", "        return self.fc(x)", extra=HOOK
        ),
        True,
    ),
    (
        "TL212",
        _module(
            "        self.register_forward_hook(hook)", "        return self.fc(x)", extra=HOOK
        ),
        True,
    ),
    (
        "TL212",
        _module(
            "        self.fc.register_forward_hook(lambda m, i, o: o * 2)",
            "        return self.fc(x)",
        ),
        True,
    ),
    (
        "TL212",
        _module(
            "        self.fc.register_forward_hook(hook)",
            "        return self.fc(x)",
            extra=TYPED_HOOK,
        ),
        False,
    ),
    (
        "TL212",
        _module(
            "        self.fc.register_full_backward_hook(hook)",
            "        return self.fc(x)",
            extra=HOOK,
        ),
        False,
    ),
    # A list of a container's modules, indexed.
    (
        "TL208",
        _module(
            '        self.heads = nn.ModuleDict({"a": nn.Linear(3, 3), "b": nn.Linear(3, 3)})',
            "        return list(self.heads.values())[0](x)",
        ),
        True,
    ),
    (
        "TL208",
        _module(
            "        self.layers = nn.ModuleList([nn.Linear(3, 3), nn.Linear(3, 3)])",
            "        return list(self.layers)[-1](x)",
        ),
        True,
    ),
    (
        "TL208",
        _module(
            '        self.heads = nn.ModuleDict({"a": nn.Linear(3, 3), "b": nn.Linear(3, 3)})',
            "        return self.heads['a'](x) * len(list(self.heads.keys()))",
        ),
        False,
    ),
    # `_asdict` of a collections.namedtuple.
    (
        "TL209",
        _module(
            PASS,
            "        out = Out(x, x * 2)\n        return out._asdict()",
            extra="Out = collections.namedtuple('Out', ['a', 'b'])\n\n\n",
        ),
        True,
    ),
    (
        "TL209",
        _module(
            PASS,
            "        out = Out(x, x * 2)\n        return out.a + out.b",
            extra="Out = collections.namedtuple('Out', ['a', 'b'])\n\n\n",
        ),
        False,
    ),
    # A property returning a submodule, called.
    (
        "TL212",
        _module(
            "        self.g = nn.Linear(3, 3)",
            "        return self.head(x)",
            methods="    @property\n    def head(self):\n        return self.g if self.training else self.fc\n\n",
        ),
        True,
    ),
    (
        "TL212",
        _module(
            "        self.g = nn.Linear(3, 3)",
            "        return x * self.width",
            methods="    @property\n    def width(self) -> int:\n        return self.fc.in_features\n\n",
        ),
        False,
    ),
    # An Optional[int] element of a list attribute of tuples, refined by `continue` only.
    (
        "TL213",
        _module(
            SPECS,
            "        x = x.view(1, 1, -1, 3)\n        for kind, s in self.specs:\n"
            "            if s is None:\n                continue\n"
            "            x = torch.nn.functional.max_pool2d(x, s, 1)\n        return x.flatten(1)",
        ),
        True,
    ),
    (
        "TL213",
        _module(
            SPECS,
            "        for kind, s in self.specs:\n            if s is None:\n                break\n"
            "            x = x * s\n        return x",
        ),
        True,
    ),
    (
        "TL213",
        _module(
            SPECS,
            "        for kind, s in self.specs:\n            if s is not None:\n"
            "                x = x * s\n        return x",
        ),
        False,
    ),
    (
        "TL213",
        _module(
            "        self.specs = [('max', 2), ('avg', 3)]",
            "        for kind, s in self.specs:\n            if s is None:\n                continue\n"
            "            x = x * s\n        return x",
        ),
        False,
    ),
    # A module-level int made by `int(...)`, read in forward.
    (
        "TL207",
        _module(
            PASS,
            "        if MAJOR >= 2:\n            return x * 2\n        return x",
            extra='MAJOR = int(torch.__version__.split(".")[0])\n\n\n',
        ),
        True,
    ),
    # A hook's first parameter is the module it hooks, whatever its annotation.
    (
        "TL210",
        _module(
            "        self.scale = 2.0\n        self.register_forward_hook(hook)",
            "        return self.fc(x)",
            extra="def hook(module, inputs: Tuple[torch.Tensor], output):\n"
            "    return output * module.scale\n\n\n",
        ),
        False,
    ),
    # A dict on one path, a tensor on another.
    (
        "TL211",
        _module(
            "        self.aux = fast",
            "        if self.aux:\n            return {'y': x}\n        return x",
        ),
        True,
    ),
    (
        "TL211",
        _module(
            "        self.aux = fast",
            "        if self.aux:\n            return {'y': x}\n        return {'y': x * 2}",
        ),
        False,
    ),
]


@pytest.mark.parametrize(("code", "source", "flagged"), CASES)
def test_rule_verdict(code: str, source: str, flagged: bool) -> None:
    if "is_in_onnx_export" in source and importlib.util.find_spec("torch") is None:
        pytest.skip("TL209 finds the ONNX flag's import in torch's installed source")
    assert _flagged(code, source) == flagged, source


@requires_torch
@pytest.mark.torch
def test_torch_agrees() -> None:
    from .oracle import check

    disagree = [
        (code, source) for code, source, flagged in CASES if check(source, "script").ok == flagged
    ]
    assert not disagree, disagree
