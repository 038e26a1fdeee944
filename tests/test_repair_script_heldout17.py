"""Script repairs of the heldout17 mechanisms: an import statement inside scripted code
(fixers/script_local_import.py) and the ONNX export flag read in scripted code
(fixers/script_onnx_export_guard.py); before/after text and torch's word that the fixed model
scripts with eager outputs unchanged and no other back-end broken."""

from __future__ import annotations

import importlib.util

import pytest

from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)


def _fix(code: str, *, unsafe: bool = False) -> str:
    return fixed_text(code, SETTINGS, unsafe=unsafe)


def _model(forward: str, top: str = "", init: str = "") -> str:
    """A model whose ``forward`` body is ``forward`` (indented by 8), after the imports and
    module-level code ``top``, with ``__init__`` lines ``init``."""
    body = "\n".join("        " + line if line else "" for line in forward.splitlines())
    setup = "".join("        " + line + "\n" for line in init.splitlines())
    return (
        "import torch\n"
        "from torch import nn\n"
        f"{top}\n\n"
        "class Model(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        f"{setup}"
        "        self.fc = nn.Linear(4, 4)\n\n"
        "    def forward(self, x):\n"
        f"{body}\n\n\n"
        "def inputs():\n"
        "    return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]\n"
    )


# (id, source, the fix's text replacements, whether the fix is unsafe)
CASES = [
    (
        "local-import",
        _model("import math\n\nreturn x * math.pi"),
        [
            ("from torch import nn\n", "from torch import nn\nimport math\n"),
            ("        import math\n\n", ""),
        ],
        False,
    ),
    (
        "local-from-import",
        _model("from math import sqrt as root\nreturn x * root(2.0)"),
        [
            ("from torch import nn\n", "from torch import nn\nfrom math import sqrt as root\n"),
            ("        from math import sqrt as root\n", ""),
        ],
        False,
    ),
    (
        "local-import-already-at-top",
        _model("import math\nreturn x * math.pi", top="import math"),
        [("        import math\n", "")],
        False,
    ),
    (
        "onnx-export-flag",
        _model("if torch.onnx.is_in_onnx_export():\n    return x * 2\nreturn x + 1"),
        [
            (
                "if torch.onnx.is_in_onnx_export():",
                "if (False if torch.jit.is_scripting() else torch.onnx.is_in_onnx_export()):",
            )
        ],
        False,
    ),
    (
        "namedtuple-asdict",
        _model(
            "out = Out(y=self.fc(x), z=x * 2)\nreturn out._asdict()",
            top='from collections import namedtuple\n\nOut = namedtuple("Out", ["y", "z"])',
        ),
        [("out._asdict()", '{"y": out.y, "z": out.z}')],
        False,
    ),
    (
        "typing-namedtuple-asdict",
        _model(
            "out = Out(self.fc(x), x * 2)\nreturn out._asdict()",
            top="from typing import NamedTuple\n\n\nclass Out(NamedTuple):\n"
            "    y: torch.Tensor\n    z: torch.Tensor\n",
        ),
        [("out._asdict()", '{"y": out.y, "z": out.z}')],
        False,
    ),
    (
        "listed-module-list",
        _model(
            "return list(self.layers)[-1](x)",
            init="self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])",
        ),
        [("list(self.layers)[-1]", "self.layers[-1]")],
        False,
    ),
    (
        "continue-to-not-none",
        _model(
            "for name, scale in self.specs:\n    if scale is None:\n        continue\n"
            "    x = x * scale\nreturn x",
            init='self.specs = [("a", 2), ("b", None)]',
        ),
        [
            (
                "            if scale is None:\n                continue\n            x = x * scale\n",
                "            if scale is not None:\n                x = x * scale\n",
            )
        ],
        False,
    ),
    (
        "bound-method-attribute",
        _model(
            "return self.act(x)", init="self.act = self._twice if self.training else self._once"
        ).replace(
            "    def forward(self, x):",
            "    def _twice(self, x):\n        return self.fc(self.fc(x))\n\n"
            "    def _once(self, x):\n        return self.fc(x)\n\n"
            "    def forward(self, x):",
        ),
        [
            (
                "        self.act = self._twice if self.training else self._once\n",
                "        self.act = self._twice if self.training else self._once\n"
                "        self.act_flag = bool(self.training)\n",
            ),
            ("return self.act(x)", "return (self._twice(x) if self.act_flag else self._once(x))"),
        ],
        True,
    ),
    (
        "bound-method-attribute-plain",
        _model("return self.act(x) * 2", init="self.act = self._once").replace(
            "    def forward(self, x):",
            "    def _once(self, x):\n        return self.fc(x)\n\n    def forward(self, x):",
        ),
        [("return self.act(x) * 2", "return self._once(x) * 2")],
        True,
    ),
    (
        "tensor-unpack",
        _model("a, b = self.fc(x)[..., :2].permute(2, 0, 1)\nreturn a * b"),
        [
            (
                "a, b = self.fc(x)[..., :2].permute(2, 0, 1)",
                "a, b = self.fc(x)[..., :2].permute(2, 0, 1).unbind(0)",
            )
        ],
        False,
    ),
    (
        "hook-input-annotation",
        _model(
            "return self.fc(x)",
            top="\n\ndef double(module, inputs, output):\n    return output * 2\n",
            init="pass",
        ).replace(
            "        self.fc = nn.Linear(4, 4)\n",
            "        self.fc = nn.Linear(4, 4)\n        self.fc.register_forward_hook(double)\n",
        ),
        [
            ("from torch import nn\n", "from torch import nn\nfrom typing import Tuple\n"),
            (
                "def double(module, inputs, output):",
                "def double(module, inputs: Tuple[torch.Tensor], output):",
            ),
        ],
        False,
    ),
    (
        "pre-hook-annotations",
        _model(
            "return self.fc(x)",
            top="\n\ndef check(module, inputs):\n    assert inputs[0].dim() == 3\n",
            init="pass",
        ).replace(
            "        self.fc = nn.Linear(4, 4)\n",
            "        self.fc = nn.Linear(4, 4)\n        self.register_forward_pre_hook(check)\n",
        ),
        [
            ("from torch import nn\n", "from torch import nn\nfrom typing import Tuple\n"),
            (
                "def check(module, inputs):",
                "def check(module, inputs: Tuple[torch.Tensor]) -> None:",
            ),
        ],
        False,
    ),
    (
        "lambda-hook",
        _model("return x + self.fc(x)", init="pass")
        .replace(
            "    def __init__(self):",
            "    def __init__(self, gamma: float = 0.5):",
        )
        .replace(
            "        self.fc = nn.Linear(4, 4)\n",
            "        self.fc = nn.Linear(4, 4)\n"
            "        self.register_forward_hook(lambda mod, inp, out: out * gamma)\n",
        ),
        [
            ("from torch import nn\n", "from torch import nn\nfrom typing import Tuple\n"),
            (
                "        self.register_forward_hook(lambda mod, inp, out: out * gamma)\n",
                "        self._hook_gamma = gamma\n"
                "        self.register_forward_hook(_model_hook)\n",
            ),
            (
                "\n\ndef inputs():",
                "\n\ndef _model_hook(mod, inp: Tuple[torch.Tensor], out):\n"
                "    return out * mod._hook_gamma\n\n\ndef inputs():",
            ),
        ],
        True,
    ),
    (
        "property-module",
        _model(
            "return self.head(x)",
            init="self.other = nn.Linear(4, 4)\nself.use_other = True",
        ).replace(
            "    def forward(self, x):",
            "    @property\n    def head(self):\n"
            "        return self.other if self.use_other else self.fc\n\n"
            "    def forward(self, x):",
        ),
        [("return self.head(x)", "return (self.other(x) if self.use_other else self.fc(x))")],
        True,
    ),
    (
        "listed-module-dict-values",
        _model(
            "first = list(self.heads.values())[0]\nreturn first(x)",
            init='self.heads = nn.ModuleDict({"seg": nn.Linear(4, 3), "depth": nn.Linear(4, 1)})',
        ),
        [("list(self.heads.values())[0]", 'self.heads["seg"]')],
        True,
    ),
]


@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_each_spelling_is_rewritten(source, edits, unsafe):
    if "is_in_onnx_export" in source and importlib.util.find_spec("torch") is None:
        pytest.skip("TL209 finds the ONNX flag's import in torch's installed source")
    assert_rewritten(normalized(source), edits, unsafe, SETTINGS)


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_fixed_model_scripts_with_eager_unchanged(source, edits, unsafe):
    source = normalized(source)
    assert_script_repaired(source, _fix(source, unsafe=unsafe))


def test_listed_modules_left_alone():
    """No key read from a ModuleDict the class stores into, or one not built from a display;
    nothing for an index past the display's end."""
    for init, forward in (
        (
            'self.heads = nn.ModuleDict({"a": nn.Linear(4, 4)})\nself.heads["b"] = nn.Linear(4, 4)',
            "return list(self.heads.values())[0](x)",
        ),
        (
            "self.heads = nn.ModuleDict(dict(a=nn.Linear(4, 4)))",
            "return list(self.heads.values())[0](x)",
        ),
        (
            'self.heads = nn.ModuleDict({"a": nn.Linear(4, 4)})',
            "return list(self.heads.values())[1](x)",
        ),
    ):
        source = normalized(_model(forward, init=init))
        assert _fix(source, unsafe=True) == source, source


def test_continue_left_alone():
    """No rewrite where the rest of the loop body holds another `continue` / `break` of the
    loop, or the test has an `else`."""
    for forward in (
        "for name, scale in self.specs:\n    if scale is None:\n        continue\n"
        "    if name == 'a':\n        break\n    x = x * scale\nreturn x",
        "for name, scale in self.specs:\n    if scale is None:\n        continue\n"
        "    else:\n        x = x * scale\nreturn x",
    ):
        source = normalized(_model(forward, init='self.specs = [("a", 2), ("b", None)]'))
        assert _fix(source, unsafe=True) == source, source


def test_hook_left_alone():
    """No annotation where the hooked module's inputs are unknown (a submodule of a class
    taking several, a module-level name used otherwise too)."""
    for init, extra in (
        ("self.m = nn.MultiheadAttention(4, 1)\nself.m.register_forward_hook(double)", ""),
        ("self.fc.register_forward_hook(double)", "HOOKS = [double]\n"),
    ):
        source = normalized(
            _model(
                "return self.fc(x)",
                top="\n\ndef double(module, inputs, output):\n    return output * 2\n" + extra,
            ).replace(
                "        self.fc = nn.Linear(4, 4)\n",
                "        self.fc = nn.Linear(4, 4)\n"
                + "".join("        " + line + "\n" for line in init.splitlines()),
            )
        )
        assert _fix(source, unsafe=True) == source, source


def test_local_import_left_alone():
    """No move where the name would mean something else at module level or in the function:
    the module binds it otherwise, the function rebinds it, another function imports it too;
    and a package outside the standard library and torch moves only as an unsafe fix."""
    for forward, top in (
        ("import math\nreturn x * math.pi", "math = None"),
        ("import math\nmath = 2\nreturn x * math", ""),
        (
            "import math\nreturn x * math.pi",
            "def f():\n    from cmath import pi as math\n    return math",
        ),
    ):
        source = normalized(_model(forward, top))
        assert _fix(source, unsafe=True) == source, source
    source = normalized(_model("import numpy\nreturn x * float(numpy.pi)"))
    assert _fix(source) == source
    assert "        import numpy" not in _fix(source, unsafe=True)
