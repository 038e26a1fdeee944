"""Python spellings TorchScript rejects -> spellings it compiles (fixers/script_spellings.py):
before/after text, what is left alone, and torch's word that the fixed model scripts with eager
outputs unchanged and no other back-end broken."""

from __future__ import annotations

import pytest

from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_script_repaired

SETTINGS = Settings(targets=("script",), targets_explicit=True)


def _fix(code: str, *, unsafe: bool = False) -> str:
    outcome = fix_text("example.py", code, SETTINGS, unsafe=unsafe)
    assert compiles(outcome.text, "example.py") is None
    again = fix_text("example.py", outcome.text, SETTINGS, unsafe=unsafe)
    assert again.text == outcome.text, f"second fix changed:\n{outcome.text}\n---\n{again.text}"
    return outcome.text


def _model(forward: str, params: str = "x", head: str = "") -> str:
    return normalized(
        f"""
        import torch
        import torch.nn.functional as F
        from torch import nn
        {head}


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.prefix = "enc_"

            def forward(self, {params}):
                {forward}


        def inputs():
            return [(torch.randn(1, 2, 4, 4),), (torch.randn(2, 2, 3, 3).double(),)]
        """
    )


# (id, source, the safe fix's text replacements, whether the fix is unsafe)
CASES = [
    (
        "dtype-query",
        _model("return x * 2 if x.dtype.is_floating_point else x"),
        [("x.dtype.is_floating_point", "x.is_floating_point()")],
        False,
    ),
    (
        "startswith-tuple",
        _model('return x * 2 if self.prefix.startswith(("enc_", "pre_")) else x'),
        [('self.prefix.startswith(("enc_", "pre_"))', (
            'self.prefix.startswith("enc_") or self.prefix.startswith("pre_")'
        ))],
        False,
    ),
    (
        "format-keywords",
        _model(
            "d = x.dim()\n"
            '                key = "{kind}_{n}".format(kind=self.prefix, n=d)\n'
            "                return x * len(key)"
        ),
        [('"{kind}_{n}".format(kind=self.prefix, n=d)', '"{}_{}".format(self.prefix, d)')],
        False,
    ),
    (
        "literal",
        _model(
            'return x.sum() if mode == "sum" else x.mean()',
            params='x, mode: Literal["sum", "mean"] = "mean"',
            head="from typing import Literal",
        ),
        [('mode: Literal["sum", "mean"]', "mode: str")],
        False,
    ),
    (
        "walrus",
        _model(
            "if (n := x.dim()) == 4:\n                    return x * n\n                return x"
        ),
        [("if (n := x.dim()) == 4:", "n = x.dim()\n        if n == 4:")],
        False,
    ),
    (
        "typing-cast",
        _model(
            "scale = x.mean() if x.dim() > 3 else None\n"
            "                if scale is None:\n"
            "                    return x\n"
            "                return x * cast(torch.Tensor, scale)",
            head="from typing import cast",
        ),
        [("cast(torch.Tensor, scale)", "scale")],
        False,
    ),
    (
        "isqrt",
        _model("return x * math.isqrt(x.shape[-1] * 4)", head="import math"),
        [("math.isqrt(x.shape[-1] * 4)", "int(math.sqrt(x.shape[-1] * 4))")],
        True,
    ),
    (
        "int-for-float",
        _model('return F.interpolate(x, scale_factor=2, mode="nearest")'),
        [("scale_factor=2,", "scale_factor=2.0,")],
        True,
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_each_spelling_is_rewritten(source, edits, unsafe):
    fixed = _fix(source, unsafe=unsafe)
    expected = source
    for old, new in edits:
        expected = expected.replace(old, new)
    assert fixed == expected
    if unsafe:
        assert _fix(source) == source  # not a safe fix


def test_format_with_specs_and_walrus_after_other_operands_are_left_alone():
    spec = _model('key = "{v:.2f}".format(v=1.5)\n                return x * len(key)')
    later = _model(
        "if x.dim() > 1 and (n := x.shape[0]) > 1:\n"
        "                    return x * n\n"
        "                return x"
    )
    assert _fix(spec) == spec
    assert _fix(later) == later


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_fixed_model_scripts_with_eager_unchanged(source, edits, unsafe):
    assert_script_repaired(source, _fix(source, unsafe=unsafe))
