"""The thirty-first session's script repairs (issue #21; fixers/repair_session31s.py), in
spellings other than the held-out probes': ``rsplit`` with ``sep=`` / ``maxsplit=`` keywords and
``split`` with ``maxsplit=`` alone, a tuple display returned by a helper and a one-element list
display annotating forward, ``_fields`` of a ``typing.NamedTuple`` iterated by a ``for`` and of
a ``collections.namedtuple`` given to ``len``, ``sorted`` of a dict parameter in a loop, and a
``Tuple[int]`` parameter defaulting to four ints. Torch checks that each fixed text scripts,
scripted equals eager, eager is unchanged and no back-end that passed now fails; each fix is
applied twice (the second changes nothing) and look-alikes stay as they are."""

from __future__ import annotations

import pytest

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)

HEADER = (
    "from collections import namedtuple\nfrom typing import Dict, List, NamedTuple, Tuple\n\n"
    "import torch\nfrom torch import Tensor, nn\n"
)
INPUTS = "\n\ndef inputs():\n    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]\n"

RSPLIT = (
    HEADER
    + """

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.keys = ["enc.layer.0", "dec.layer", "head"]

    def forward(self, x: Tensor) -> Tensor:
        n = 0
        for key in self.keys:
            parent = key.rsplit(sep=".", maxsplit=1)[0]
            words = key.split(maxsplit=1)
            n += len(parent) + len(words)
        return self.fc(x) * n
"""
    + INPUTS
)

DISPLAYS = (
    HEADER
    + """

def _halves(x: Tensor) -> (Tensor, Tensor):
    a, b = x.chunk(2, dim=-1)
    return a, b


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x: Tensor) -> [Tensor]:
        a, b = _halves(self.fc(x))
        return [a * b, a + b]
"""
    + INPUTS
)

FIELDS = (
    HEADER
    + """

class Out(NamedTuple):
    logits: Tensor
    probs: Tensor


Pair = namedtuple("Pair", ["left", "right"])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        vals = [self.fc(x), x.softmax(-1)]
        out: Dict[str, Tensor] = {}
        i = 0
        for name in Out._fields:
            out[name] = vals[i] * len(Pair._fields)
            i += 1
        return out
"""
    + INPUTS
)

SORTED = (
    HEADER
    + """

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, feats: Dict[str, Tensor]) -> Tensor:
        total = torch.zeros(4)
        for k in sorted(feats):
            total = self.fc(feats[k]).sum(0) + total * 0.5
        return total


def inputs():
    return [
        ({"b": torch.randn(2, 4), "a": torch.randn(2, 4)},),
        ({"c": torch.randn(3, 4), "a": torch.randn(3, 4), "b": torch.randn(3, 4)},),
    ]
"""
)

TUPLE_DEFAULT = (
    HEADER
    + """

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(4, 4, 3)

    def _pad(self, x: Tensor, pad: Tuple[int] = (2, 0)) -> Tensor:
        return nn.functional.pad(x, pad)

    def forward(self, x: Tensor) -> Tensor:
        return self.conv(self._pad(x))


def inputs():
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 4, 5),)]
"""
)

EDITS = {
    "str_keywords": (
        RSPLIT,
        [
            ('key.rsplit(sep=".", maxsplit=1)', 'key.rsplit(".", 1)'),
            ("key.split(maxsplit=1)", "key.split(None, 1)"),
        ],
    ),
    "display_annotations": (
        DISPLAYS,
        [
            ("-> (Tensor, Tensor):", "-> tuple[Tensor, Tensor]:"),
            ("-> [Tensor]:", "-> list[Tensor]:"),
        ],
    ),
    "namedtuple_fields": (
        FIELDS,
        [
            ("in Out._fields:", 'in ["logits", "probs"]:'),
            ("len(Pair._fields)", 'len(["left", "right"])'),
        ],
    ),
    "sorted_dict": (SORTED, [("sorted(feats)", "sorted(feats.keys())")]),
    "tuple_default": (TUPLE_DEFAULT, [("pad: Tuple[int] =", "pad: Tuple[int, int] =")]),
}


@pytest.mark.parametrize("case", sorted(EDITS))
def test_rewritten(case: str) -> None:
    source, edits = EDITS[case]
    assert_rewritten(source, edits, unsafe=False, settings=SETTINGS)


@requires_torch
@pytest.mark.parametrize("case", sorted(EDITS))
def test_torch_confirms_repair(case: str) -> None:
    source = EDITS[case][0]
    assert_script_repaired(source, fixed_text(source, SETTINGS, unsafe=False))


def test_str_positional_arguments_are_left_alone() -> None:
    source = RSPLIT.replace('key.rsplit(sep=".", maxsplit=1)', 'key.rsplit(".", 1)').replace(
        "key.split(maxsplit=1)", "key.split(None, 1)"
    )
    assert fixed_text(source, SETTINGS, unsafe=True) == source


def test_fields_bound_to_a_name_is_left_alone() -> None:
    source = FIELDS.replace(
        "for name in Out._fields:", "names = Out._fields\n        for name in names:"
    )
    assert "names = Out._fields" in fixed_text(source, SETTINGS, unsafe=True)


def test_multi_element_list_display_is_left_alone() -> None:
    source = DISPLAYS.replace("-> [Tensor]:", "-> [Tensor, Tensor]:")
    assert "-> [Tensor, Tensor]:" in fixed_text(source, SETTINGS, unsafe=True)


def test_tuple_default_of_other_types_is_left_alone() -> None:
    source = TUPLE_DEFAULT.replace("pad: Tuple[int] = (2, 0)", "pad: Tuple[int] = (2.0, 0)")
    assert "pad: Tuple[int] = (2.0, 0)" in fixed_text(source, SETTINGS, unsafe=True)
