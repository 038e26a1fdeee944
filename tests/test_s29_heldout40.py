"""Session 29 (helper-261): heldout40's script misses, by mechanism, in other spellings.

- TL216: a module's class-body binding of data the names in it make (a dtype, layout or
  memory format of torch, a constant of ``math``, the generated ``class_data_values``; a call
  of ``float`` / ``torch.device`` / a ``math`` function; a module-level name bound to data;
  displays and arithmetic of these) read through ``self`` in scripted code: the scripted
  module has no such attribute (torch 2.13: Module 'X' has no attribute 'compute_dtype').
- TL242: a function under ``functools.lru_cache`` / ``functools.cache`` (module-level, or a
  static method over the cache) called in scripted code with a parameter left to its default
  or an argument by keyword: TorchScript calls the cache's wrapper as an opaque Python
  function whose signature takes every parameter by position (INTERNAL ASSERT FAILED).

And heldout39's four remaining script misses, by mechanism:

- TL219: a submodule of a torch.nn class ``torch.jit.script`` fails on (the generated
  ``modules_unscriptable``: ``nn.AdaptiveLogSoftmaxWithLoss``, ``nn.GaussianNLLLoss``...).
- TL226: a plain class of the project deriving from another, built in scripted code
  (TorchScript classes have no inheritance).
- TL217: an int appended to an item of an unannotated list of empty lists (``[[] for _ in
  range(n)]``: each ``[]`` is a ``List[Tensor]``).
- TL213: an Optional position of a project submodule's ``-> Tuple[...]`` read as ``out[k]``
  of a local bound to the call (a subscript is never refined).

Every case is also scripted with torch: flagged ones must fail, clean ones must script and
match eager (``tests/oracle.py``).
"""

from __future__ import annotations

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .lint_helpers import findings

HEADER = (
    "import functools\nimport math\nfrom typing import Final\n\n"
    "import torch\nfrom torch import Tensor, nn\n"
)
INPUTS = "\n\ndef inputs():\n    return [(torch.randn(2, 4, 3, 3),), (torch.randn(1, 4, 2, 5),)]\n"


def _holder(body: str, use: str, init: str = "") -> str:
    return (
        HEADER
        + "\nEPS = 1e-6\n\n\nclass Model(nn.Module):\n"
        + "".join(f"    {line}\n" for line in body.splitlines())
        + "\n    def __init__(self):\n        super().__init__()\n"
        + "".join(f"        {line}\n" for line in init.splitlines())
        + f"\n    def forward(self, x: Tensor) -> Tensor:\n        return {use}\n"
        + INPUTS
    )


def _cached(call: str, decorator: str = "@functools.lru_cache(maxsize=None)") -> str:
    return (
        HEADER
        + f"\n\n{decorator}\ndef ramp(n: int, step: float = 0.5, start: float = 0.0) -> Tensor:\n"
        + "    return start + step * torch.arange(n).float()\n\n\n"
        + "class Model(nn.Module):\n    def forward(self, x: Tensor) -> Tensor:\n"
        + f"        return x + {call}\n"
        + INPUTS
    )


CASES = {
    # TL216: class-body data by what its names are.
    "half_dtype": (
        _holder("act_dtype = torch.half", "x.to(self.act_dtype).float()"),
        "TL216",
        True,
    ),
    "memory_format": (
        _holder("fmt = torch.channels_last", "x.contiguous(memory_format=self.fmt) * 2.0"),
        "TL216",
        True,
    ),
    "module_level_name": (_holder("eps = EPS", "x / (x.abs().amax() + self.eps)"), "TL216", True),
    "math_arithmetic": (_holder("omega = 2 * math.pi", "torch.sin(x * self.omega)"), "TL216", True),
    "device_call": (_holder("dev = torch.device('cpu')", "x.to(self.dev)"), "TL216", True),
    "finfo_attribute": (
        _holder("tiny = torch.finfo(torch.float32).tiny", "x.clamp(min=self.tiny)"),
        "TL216",
        True,
    ),
    "dtype_tuple": (
        _holder("low = (torch.float16, torch.bfloat16)", "x * 2.0 if x.dtype in self.low else x"),
        "TL216",
        True,
    ),
    # What the message advises, and what is no class data.
    "final_dtype_ok": (
        _holder("act_dtype: Final = torch.half", "x.to(self.act_dtype).float()"),
        "TL216",
        False,
    ),
    "final_device_ok": (
        _holder("dev: Final = torch.device('cpu')", "x.to(self.dev)"),
        "TL216",
        False,
    ),
    "final_math_ok": (
        _holder("omega: Final = 2 * math.pi", "torch.sin(x * self.omega)"),
        "TL216",
        False,
    ),
    "inline_memory_format_ok": (
        _holder(
            "fmt = torch.channels_last", "x.contiguous(memory_format=torch.channels_last) * 2.0"
        ),
        "TL216",
        False,
    ),
    "list_of_data": (_holder("scales = [0.5, math.pi]", "x * self.scales[1]"), "TL216", True),
    "init_list_ok": (
        _holder("", "x * self.scales[1]", init="self.scales = [0.5, math.pi]"),
        "TL216",
        False,
    ),
    "init_dtype_ok": (
        _holder("", "x.to(self.act_dtype).float()", init="self.act_dtype = torch.half"),
        "TL216",
        False,
    ),
    "static_method_ok": (
        _holder(
            "@staticmethod\ndef shift(t: Tensor) -> Tensor:\n    return t + 1.0",
            "self.shift(x)",
        ),
        "TL216",
        False,
    ),
    # TL242: a cached function's defaults and keywords.
    "cached_default_left": (_cached("ramp(x.shape[-1])"), "TL242", True),
    "cached_keyword": (_cached("ramp(x.shape[-1], 0.5, start=1.0)"), "TL242", True),
    "cache_keyword_only_name": (
        _cached("ramp(n=x.shape[-1], step=0.5, start=0.0)", "@functools.cache"),
        "TL242",
        True,
    ),
    "cached_all_positional_ok": (_cached("ramp(x.shape[-1], 0.5, 1.0)"), "TL242", False),
    "uncached_default_ok": (_cached("ramp(x.shape[-1], start=1.0)", ""), "TL242", False),
}


ENCODER = """
class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x: Tensor) -> Tuple[Tensor, Optional[Tensor]]:
        y = self.fc(x)
        return y, y.softmax(-1)
"""


def _with_encoder(body: str) -> str:
    return (
        HEADER.replace("from typing import Final", "from typing import Final, Optional, Tuple")
        + ENCODER
        + "\n\nclass Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        + "        self.enc = Encoder()\n\n    def forward(self, x: Tensor) -> Tensor:\n"
        + "".join(f"        {line}\n" for line in body.splitlines())
        + INPUTS_2D
    )


INPUTS_2D = "\n\ndef inputs():\n    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"


def _forward(body: str, extra: str = "", init: str = "") -> str:
    return (
        HEADER.replace("from typing import Final", "from typing import Final, List")
        + extra
        + "\n\nclass Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        + "        self.fc = nn.Linear(3, 3)\n"
        + "".join(f"        {line}\n" for line in init.splitlines())
        + "\n    def forward(self, x: Tensor) -> Tensor:\n"
        + "".join(f"        {line}\n" for line in body.splitlines())
        + INPUTS_2D
    )


PLAIN_BASE = """

class Gain:
    def __init__(self, k: float):
        self.k = k

    def scale(self, x: Tensor) -> Tensor:
        return x * self.k
"""

HELD39 = {
    # TL219: torch.nn classes TorchScript cannot compile.
    "gaussian_nll_module": (
        _forward(
            "return self.nll(self.fc(x), x, x.abs() + 1.0)", init="self.nll = nn.GaussianNLLLoss()"
        ),
        "TL219",
        True,
    ),
    "triplet_distance_module": (
        _forward(
            "return self.loss(x, x.flip(0), x.roll(1, 0))",
            init="self.loss = nn.TripletMarginWithDistanceLoss(margin=0.5)",
        ),
        "TL219",
        True,
    ),
    "triplet_module_ok": (
        _forward(
            "return self.loss(x, x.flip(0), x.roll(1, 0))",
            init="self.loss = nn.TripletMarginLoss(margin=0.5)",
        ),
        "TL219",
        False,
    ),
    # TL226: no inheritance for TorchScript classes.
    "inherited_method": (
        _forward(
            "return Half(2.0).scale(self.fc(x))",
            extra=PLAIN_BASE + "\n\nclass Half(Gain):\n    pass\n",
        ),
        "TL226",
        True,
    ),
    "overridden_all_but_init": (
        _forward(
            "return Half(2.0).scale(self.fc(x))",
            extra=PLAIN_BASE
            + "\n\nclass Half(Gain):\n    def scale(self, x: Tensor) -> Tensor:\n"
            + "        return x * self.k * 0.5\n",
        ),
        "TL226",
        True,
    ),
    "plain_class_ok": (
        _forward("return Gain(2.0).scale(self.fc(x))", extra=PLAIN_BASE),
        "TL226",
        False,
    ),
    # TL217: the empty lists of a list of empty lists are List[Tensor].
    "display_of_empty_lists": (
        _forward("g = [[], []]\ng[1].append(x.shape[0])\nreturn x * len(g[1])"),
        "TL217",
        True,
    ),
    "repeated_empty_lists": (
        _forward("g = [[]] * 2\ng[0].append(1.5)\nreturn x * len(g[0])"),
        "TL217",
        True,
    ),
    "annotated_inner_lists_ok": (
        _forward(
            "g = [torch.jit.annotate(List[int], []) for _ in range(2)]\n"
            "g[0].append(x.shape[0])\nreturn x * len(g[0])"
        ),
        "TL217",
        False,
    ),
    "tensor_into_empty_lists_ok": (
        _forward("g = [[] for _ in range(2)]\ng[0].append(self.fc(x))\nreturn g[0][0]"),
        "TL217",
        False,
    ),
    # TL213: a project submodule's Optional tuple position.
    "tuple_item_tested_in_place": (
        _with_encoder(
            "out = self.enc(x)\ny = out[0]\nif out[1] is not None:\n    y = y + out[1].sum(-1, keepdim=True)\nreturn y"
        ),
        "TL213",
        True,
    ),
    "unpacked_unrefined": (_with_encoder("y, a = self.enc(x)\nreturn y + a"), "TL213", True),
    "tuple_item_bound_and_tested_ok": (
        _with_encoder(
            "out = self.enc(x)\ny = out[0]\na = out[1]\nif a is not None:\n    y = y + a.sum(-1, keepdim=True)\nreturn y"
        ),
        "TL213",
        False,
    ),
    "plain_position_ok": (_with_encoder("out = self.enc(x)\nreturn out[0] * 2.0"), "TL213", False),
}
CASES.update(HELD39)


@pytest.mark.parametrize("case", sorted(CASES))
def test_lint(case: str) -> None:
    source, code, flagged = CASES[case]
    found = findings(source, code, "script")
    assert bool(found) == flagged, [d.message for d in found]


@pytest.mark.parametrize("case", sorted(c for c, (_, _, flagged) in CASES.items() if not flagged))
def test_no_other_script_finding_on_clean_cases(case: str) -> None:
    source = CASES[case][0]
    result = lint_text("model.py", source, Settings(targets=("script",), targets_explicit=True))
    assert not [d.message for d in result.diagnostics if "script" in d.targets]


@requires_torch
@pytest.mark.parametrize("case", sorted(CASES))
def test_torch_agrees(case: str) -> None:
    from .oracle import check

    source, _, flagged = CASES[case]
    verdict = check(source, "script")
    assert verdict.ok == (not flagged), verdict.detail


def test_message_advice_follows_the_table() -> None:
    (dtype,) = findings(CASES["half_dtype"][0], "TL216", "script")
    assert "Final" in dtype.message and "has no attribute 'act_dtype'" in dtype.message
    (fmt,) = findings(CASES["memory_format"][0], "TL216", "script")
    assert "Final" not in fmt.message and "in the scripted code itself" in fmt.message
    (scales,) = findings(CASES["list_of_data"][0], "TL216", "script")
    assert "Final" not in scales.message and "`self.scales = [0.5, math.pi]`" in scales.message
