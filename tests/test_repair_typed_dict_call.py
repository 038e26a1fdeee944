"""A TypedDict of the file called in scripted code (TL214, blind b58) -> a dict display
(fixers/script_heldout6.py), in spellings other than the probe's: ``typing.TypedDict`` by
attribute, the call in a helper function with its annotation fixed beside it. Torch checks the
repair; a call with a positional mapping is left alone."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text
from .lint_helpers import findings

SETTINGS = Settings(targets=("script",), targets_explicit=True)

HEADS = """\
import typing

import torch
from torch import nn


class Heads(typing.TypedDict):
    score: torch.Tensor
    box: torch.Tensor


def pack(score: torch.Tensor, box: torch.Tensor) -> Heads:
    return Heads(box=box.tanh(), score=score.sigmoid())


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 5)

    def forward(self, x):
        h = self.fc(x)
        out = pack(h[:, :1], h[:, 1:])
        return out["score"] * out["box"]


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_a_typed_dict_call_becomes_a_display_as_a_safe_fix():
    assert_rewritten(
        HEADS,
        [
            ("-> Heads:", "-> dict[str, torch.Tensor]:"),
            (
                "Heads(box=box.tanh(), score=score.sigmoid())",
                '{"box": box.tanh(), "score": score.sigmoid()}',
            ),
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_a_call_with_a_positional_mapping_is_left_alone():
    source = HEADS.replace(
        "Heads(box=box.tanh(), score=score.sigmoid())", 'Heads({"box": box, "score": score})'
    )
    assert 'Heads({"box": box, "score": score})' in fixed_text(source, SETTINGS, unsafe=True)


@requires_torch
def test_torch_scripts_the_display():
    assert_script_repaired(HEADS, fixed_text(HEADS, SETTINGS, unsafe=False))


RETURNED = """\
from typing import TypedDict

import torch
from torch import nn


class Outputs(TypedDict):
    logits: torch.Tensor


class Model(nn.Module):
    def forward(self, x):
        return Outputs(logits=x * 2)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_a_returned_typed_dict_call_is_a_dict_output_for_trace():
    """Calling a TypedDict makes a plain dict: TL111 says so before and after the display fix."""
    assert [d.line for d in findings(RETURNED, "TL111", "trace")] == [13]
    fixed = fixed_text(RETURNED, SETTINGS, unsafe=False)
    assert [d.line for d in findings(fixed, "TL111", "trace")] == [13]


@requires_torch
def test_torch_trace_fails_on_the_returned_typed_dict():
    from .oracle import check

    assert not check(RETURNED, "trace").ok
