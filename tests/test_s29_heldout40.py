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
