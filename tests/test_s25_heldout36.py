"""Session 25 (helper-234): heldout36's script misses, by mechanism, in other spellings.

- TL215: an int for a float argument of a ``torch.X`` compiled from ``torch/functional.py``
  (``torch.cdist(a, b, p=2)``; the generated ``torch_functional_float_arguments``).
- TL234: a ``torch.nn`` module built with an int its forward hands to a float argument (the
  generated ``module_float_arguments``: ``nn.LeakyReLU(0)``, ``nn.ELU(alpha=cfg.alpha)``).
- TL213: ``d.get(key)`` without a default (``Optional[V]``) and an Optional output of a
  torch.nn module (the generated ``module_optional_outputs``: nn.MultiheadAttention's
  weights) used unrefined.
- TL214: an annotation naming what the module imports only under ``if TYPE_CHECKING:``.
- TL216: an attribute read through an ``nn.Module`` class in scripted code.
- TL236: ``warnings.warn`` given a category.

Every case is also scripted with torch: flagged ones must fail, clean ones must script and
match eager (``tests/oracle.py``).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from torchlint.lint.torchscript_tables import torchscript_table

from .conftest import requires_torch
from .lint_helpers import findings

HEADER = (
    "import typing\nimport warnings\nfrom dataclasses import dataclass\n"
    "from typing import TYPE_CHECKING, Dict, Optional\n\n"
    "import torch\nfrom torch import Tensor, nn\n"
)
INPUTS = "\n\ndef inputs():\n    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]\n"


def _model(init: str, forward: str, before: str = "", after: str = "") -> str:
    init = textwrap.indent(textwrap.dedent(init).strip("\n"), " " * 8)
    forward = textwrap.indent(textwrap.dedent(forward).strip("\n"), " " * 8)
    return (
        HEADER
        + textwrap.dedent(before)
        + "\n\nclass Model(nn.Module):\n"
        + "    def __init__(self):\n        super().__init__()\n"
        + init
        + "\n\n    def forward(self, x: Tensor) -> Tensor:\n"
        + forward
        + "\n"
        + after
        + INPUTS
    )


CDIST_ALIAS = _model("pass", "return cdist(x, x.flip(0), 1)", before="from torch import cdist\n")
CDIST_MODULE = _model("pass", "return torch.functional.cdist(x, x * 2, p=2)")
CDIST_FLOAT = _model("pass", "return torch.cdist(x, x * 2, p=1.0)")

LEAKY_COMPREHENSION = _model(
    "self.acts = nn.ModuleList([nn.LeakyReLU(0) for _ in range(2)])",
    "for act in self.acts:\n    x = act(x)\nreturn x",
)
LAYERNORM_CONSTANT = _model(
    "self.norm = nn.LayerNorm(8, eps=EPS)", "return self.norm(x)", before="EPS = 1\n"
)
ELU_DATACLASS = _model(
    "cfg = Config()\nself.act = nn.ELU(alpha=cfg.alpha)",
    "return self.act(x)",
    before="@dataclass\nclass Config:\n    alpha: float = 1\n",
)
ENCODER_KEYWORD = _model(
    "self.layer = nn.TransformerEncoderLayer(8, 2, 16, dropout=0)",
    "return self.layer(x.unsqueeze(0)).squeeze(0)",
)
DROPOUT_PARAMETER = (
    HEADER
    + "\n\nclass Model(nn.Module):\n"
    + "    def __init__(self, drop=0):\n        super().__init__()\n"
    + "        self.drop = nn.Sequential(nn.Linear(8, 8), nn.Dropout(p=drop))\n\n"
    + "    def forward(self, x: Tensor) -> Tensor:\n        return self.drop(x)\n"
    + INPUTS
)
HARDTANH_FLOAT = _model("self.act = nn.Hardtanh(0.0, 6.0)", "return self.act(x)")
LEAKY_FLOAT_PARAMETER = (
    HEADER
    + "\n\nclass Model(nn.Module):\n"
    + "    def __init__(self, slope: float = 0.2):\n        super().__init__()\n"
    + "        self.act = nn.LeakyReLU(slope)\n\n"
    + "    def forward(self, x: Tensor) -> Tensor:\n        return self.act(x)\n"
    + INPUTS
)
SOFTPLUS_INT = _model("self.act = nn.Softplus(beta=2)", "return self.act(x)")
UPSAMPLE_INT = _model(
    "self.up = nn.Upsample(scale_factor=2)", "return self.up(x.unsqueeze(0)).squeeze(0)"
)

WARN_KEYWORD = _model(
    "pass",
    'if x.shape[0] > 2:\n    warn("many rows", category=UserWarning)\nreturn x + 1',
    before="from warnings import warn\n",
)
WARN_STACKLEVEL = _model(
    "pass", 'if x.shape[0] > 2:\n    warnings.warn("many rows", stacklevel=2)\nreturn x + 1'
)

GET_IN_PLACE = _model(
    "pass",
    'return self.pick({"a": x, "b": x * 2}, x)',
    after=(
        "\n    def pick(self, feats: Dict[str, Tensor], x: Tensor) -> Tensor:\n"
        '        return x + feats.get("b").sum()\n'
    ),
)
GET_LOCAL = _model(
    "pass",
    'return self.pick({"a": x}, "a")',
    after=(
        "\n    def pick(self, feats: Dict[str, Tensor], key: str) -> Tensor:\n"
        "        found = feats.get(key)\n"
        "        return found * 2\n"
    ),
)
GET_REFINED = _model(
    "pass",
    'return self.pick({"a": x}, "a", x)',
    after=(
        "\n    def pick(self, feats: Dict[str, Tensor], key: str, x: Tensor) -> Tensor:\n"
        "        found = feats.get(key)\n"
        "        if found is None:\n"
        "            return x\n"
        "        return found * 2\n"
    ),
)
MHA_SUBSCRIPT = _model(
    "self.attn = nn.MultiheadAttention(8, 2)",
    "y = x.unsqueeze(1)\nreturn x + self.attn(y, y, y)[1].sum()",
)
MHA_UNPACKED = _model(
    "self.attn = nn.MultiheadAttention(8, 2)",
    "y = x.unsqueeze(1)\n_, weights = self.attn(y, y, y)\nreturn x + weights.sum()",
)
MHA_TESTED = _model(
    "self.attn = nn.MultiheadAttention(8, 2)",
    "y = x.unsqueeze(1)\nout, weights = self.attn(y, y, y)\n"
    "if weights is not None:\n    return x + weights.sum()\nreturn out.squeeze(1)",
)

CHECKING_STRING = (
    "import typing\nfrom typing import Optional\n\nimport torch\nfrom torch import Tensor, nn\n\n"
    "if typing.TYPE_CHECKING:\n    from some_package.state import State\n\n\n"
    "class Model(nn.Module):\n"
    '    def forward(self, x: Tensor, state: "Optional[State]" = None) -> Tensor:\n'
    "        return x * 2\n" + INPUTS
)
CHECKING_FUTURE_HELPER = (
    "from __future__ import annotations\n\nfrom typing import TYPE_CHECKING, Optional\n\n"
    "import torch\nfrom torch import Tensor, nn\n\n"
    "if TYPE_CHECKING:\n    from some_package.state import State\n\n\n"
    "def scale(x: Tensor, state: Optional[State] = None) -> Tensor:\n    return x * 2\n\n\n"
    "class Model(nn.Module):\n"
    "    def forward(self, x: Tensor) -> Tensor:\n        return scale(x)\n" + INPUTS
)
CHECKING_ELSE_BOUND = (
    "from __future__ import annotations\n\nfrom typing import TYPE_CHECKING, Optional\n\n"
    "import torch\nfrom torch import Tensor, nn\n\n"
    "if TYPE_CHECKING:\n    from some_package.state import State\nelse:\n"
    "    from torch import Tensor as State\n\n\n"
    "class Model(nn.Module):\n"
    "    def forward(self, x: Tensor, state: Optional[State] = None) -> Tensor:\n"
    "        return x * 2\n" + INPUTS
)

CLASS_ALIAS_MASK = _model(
    "pass",
    "return x + self.mask(x.shape[1])[0]",
    before="from torch.nn import Transformer as Tf\n",
    after=(
        "\n    def mask(self, n: int) -> Tensor:\n"
        "        return Tf.generate_square_subsequent_mask(n).nan_to_num(0.0)\n"
    ),
)
PROJECT_STATIC = _model(
    "pass",
    "return x + Block.ramp(x.shape[1])",
    before=(
        "\n\nclass Block(nn.Module):\n    @staticmethod\n"
        "    def ramp(n: int) -> Tensor:\n        return torch.arange(n) * 1.0\n\n"
        "    def forward(self, x: Tensor) -> Tensor:\n        return x\n"
    ),
)
INSTANCE_MASK = _model(
    "self.tf = nn.Transformer(8, 2, 1, 1, 16)",
    "return x + self.tf.generate_square_subsequent_mask(x.shape[1])[0].nan_to_num(0.0)",
)

BUILT_AND_READ = _model(
    "self.tf = nn.Transformer(8, 2, 1, 1, 16)",
    "return x + nn.Transformer.generate_square_subsequent_mask(x.shape[1])[0].nan_to_num(0.0)",
)

CASES = {
    # id: (source, code, flagged)
    "cdist-alias-positional": (CDIST_ALIAS, "TL215", True),
    "cdist-torch-functional": (CDIST_MODULE, "TL215", True),
    "cdist-float": (CDIST_FLOAT, "TL215", False),
    "leaky-relu-comprehension": (LEAKY_COMPREHENSION, "TL234", True),
    "layernorm-module-constant": (LAYERNORM_CONSTANT, "TL234", True),
    "elu-dataclass-config": (ELU_DATACLASS, "TL234", True),
    "encoder-layer-keyword": (ENCODER_KEYWORD, "TL234", True),
    "dropout-int-default": (DROPOUT_PARAMETER, "TL234", True),
    "hardtanh-floats": (HARDTANH_FLOAT, "TL234", False),
    "leaky-relu-float-parameter": (LEAKY_FLOAT_PARAMETER, "TL234", False),
    "softplus-int": (SOFTPLUS_INT, "TL234", False),
    "upsample-int": (UPSAMPLE_INT, "TL234", False),
    "warn-category-keyword": (WARN_KEYWORD, "TL236", True),
    "warn-stacklevel": (WARN_STACKLEVEL, "TL236", False),
    "dict-get-in-place": (GET_IN_PLACE, "TL213", True),
    "dict-get-local": (GET_LOCAL, "TL213", True),
    "dict-get-refined": (GET_REFINED, "TL213", False),
    "mha-weights-subscript": (MHA_SUBSCRIPT, "TL213", True),
    "mha-weights-unpacked": (MHA_UNPACKED, "TL213", True),
    "mha-weights-tested": (MHA_TESTED, "TL213", False),
    "type-checking-string": (CHECKING_STRING, "TL214", True),
    "type-checking-future-helper": (CHECKING_FUTURE_HELPER, "TL214", True),
    "type-checking-else-bound": (CHECKING_ELSE_BOUND, "TL214", False),
    "torch-module-class-alias": (CLASS_ALIAS_MASK, "TL216", True),
    "project-module-static-method": (PROJECT_STATIC, "TL216", True),
    "module-instance-method": (INSTANCE_MASK, "TL216", False),
    "module-class-built-in-the-file": (BUILT_AND_READ, "TL216", False),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_lint(case: str) -> None:
    source, code, flagged = CASES[case]
    found = findings(source, code, "script")
    assert bool(found) == flagged, [d.message for d in found]


@requires_torch
@pytest.mark.parametrize("case", sorted(CASES))
def test_torch_agrees(case: str, tmp_path: Path) -> None:
    from .oracle import check

    source, code, flagged = CASES[case]
    if code == "TL216":
        # TorchScript resolves a module class's attributes once it has compiled a module of
        # that class, in any model of the process: ask a fresh process.
        ok, detail = _check_apart(source, tmp_path)
        assert ok == (not flagged), detail
        return
    verdict = check(source, "script")
    assert verdict.ok == (not flagged), verdict.detail


def _check_apart(source: str, tmp_path: Path) -> tuple[bool, str]:
    """``tests.oracle.check(source, "script")`` in a fresh Python process."""
    example = tmp_path / "example.py"
    example.write_text(source)
    program = (
        "import pathlib, sys\nfrom tests.oracle import check\n"
        f"verdict = check(pathlib.Path({str(example)!r}).read_text(), 'script')\n"
        "print(verdict.detail.splitlines()[0] if verdict.detail else '')\n"
        "sys.exit(0 if verdict.ok else 3)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
        check=False,
    )
    assert done.returncode in (0, 3), done.stderr[-2000:]
    return done.returncode == 0, done.stdout.strip()


def test_messages_quote_the_generated_error() -> None:
    (found,) = findings(ENCODER_KEYWORD, "TL234", "script")
    error = torchscript_table()["module_float_arguments"]["torch.nn.TransformerEncoderLayer"]
    assert error["dropout"]["error"] in found.message


@requires_torch
@pytest.mark.parametrize(
    "name", ["torch.nn.Dropout2d", "torch.nn.GroupNorm", "torch.nn.CELU", "torch.nn.Threshold"]
)
def test_module_float_arguments_fail_with_an_int(name: str) -> None:
    """A sample of the generated table, built again here: the int fails, the float scripts."""
    import inspect

    import torch

    cls = eval(name, {"torch": torch})  # noqa: S307 - a name of the table
    table = torchscript_table()["module_float_arguments"][name]
    required = {
        p.name: 1.0 if "float" in str(p.annotation) else 1
        for p in list(inspect.signature(cls.__init__).parameters.values())[1:]
        if p.default is inspect.Parameter.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    }
    for argument in table:
        torch.jit.script(cls(**{**required, argument: 1.0}))
        with pytest.raises(RuntimeError, match="Expected a value of type"):
            torch.jit.script(cls(**{**required, argument: 1}))


@requires_torch
def test_mha_optional_output_matches_the_scripted_schema() -> None:
    import torch

    schema = torch.jit.script(torch.nn.MultiheadAttention(4, 2)).forward.schema
    elements = schema.returns[0].type.elements()
    optional = [i for i, e in enumerate(elements) if isinstance(e, torch._C.OptionalType)]
    assert torchscript_table()["module_optional_outputs"]["torch.nn.MultiheadAttention"] == optional


@requires_torch
def test_scripted_warning_is_a_user_warning(tmp_path: Path) -> None:
    """TL236's advice: without a category, TorchScript's warn raises a UserWarning."""
    import warnings

    import torch

    from .oracle import load_example

    module = load_example(WARN_STACKLEVEL)
    scripted = torch.jit.script(module.Model())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scripted(torch.randn(3, 8))
    assert [w.category for w in caught if "many rows" in str(w.message)] == [UserWarning]
