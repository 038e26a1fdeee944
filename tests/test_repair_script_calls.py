"""Call spellings TorchScript rejects (fixers/script_call_spellings.py): `torch.Tensor.m(t)`
called on the tensor, `d.update(k=v)` given a dict display; before/after text and torch's word
that the fixed model scripts with eager outputs unchanged and no other back-end broken."""

from __future__ import annotations

import pytest

from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)


def _fix(code: str, *, unsafe: bool = False) -> str:
    return fixed_text(code, SETTINGS, unsafe=unsafe)


def _model(forward: str) -> str:
    return normalized(
        f"""
        from typing import Dict

        import torch
        from torch import nn


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.score = nn.Linear(4, 3)

            def forward(self, x):
                {forward}


        def inputs():
            return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
        """
    )


# (id, source, the fix's text replacements, whether the fix is unsafe)
CASES = [
    (
        "tensor-method-on-class",
        _model("w = torch.Tensor.softmax(self.score(x), 1)\n                return w * 2"),
        [("torch.Tensor.softmax(self.score(x), 1)", "self.score(x).softmax(1)")],
        True,
    ),
    (
        "dict-update-keywords",
        _model(
            "out: Dict[str, torch.Tensor] = {}\n"
            "                logits = self.score(x)\n"
            "                out.update(logits=logits, probs=logits.softmax(-1))\n"
            '                return out["probs"] + out["logits"]'
        ),
        [
            (
                "out.update(logits=logits, probs=logits.softmax(-1))",
                'out.update({"logits": logits, "probs": logits.softmax(-1)})',
            )
        ],
        False,
    ),
]


@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_each_call_is_rewritten(source, edits, unsafe):
    assert_rewritten(source, edits, unsafe, SETTINGS)


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_fixed_model_scripts_with_eager_unchanged(source, edits, unsafe):
    assert_script_repaired(source, _fix(source, unsafe=unsafe))
