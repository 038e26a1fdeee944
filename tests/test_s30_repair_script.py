"""The thirtieth session's script repairs (issue #21; fixers/repair_session30s.py), in spellings
other than the held-out probes': a tuple indexed by a bool parameter, ``__call__`` of a
ModuleList item, an attribute annotated in a helper method, ``del`` of a plain attribute stored
again, ``not in`` of a list of enum members, an ``lru_cache`` function called with a keyword
and a default left out; unsafe: the last n sizes of a shape returned under ``-> Tuple[int, ...]``. Torch checks that each fixed text scripts, scripted
equals eager, eager is unchanged and no back-end that passed now fails; each fix is applied
twice (the second changes nothing) and look-alikes stay as they are."""

from __future__ import annotations

import pytest

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)

HEADER = "import enum\n\nimport torch\nfrom torch import nn\n"
INPUTS = "\n\ndef inputs():\n    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]\n"

BOOL_INDEX = (
    HEADER
    + """

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x, wide: bool = True):
        scale = (0.5, 2.0)[wide]
        return self.fc(x) * scale
"""
    + INPUTS
)

DUNDER_CALL = (
    HEADER
    + """

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])

    def forward(self, x):
        x = self.blocks[0].__call__(x)
        return torch.relu(self.blocks[1].__call__(x))
"""
    + INPUTS
)

ANNOTATED = (
    HEADER
    + """

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.seen = 0

    def _count(self, x: torch.Tensor) -> int:
        self.seen: int = x.shape[0]
        return self.seen

    def forward(self, x):
        return self.fc(x) * self._count(x)
"""
    + INPUTS
)

DEL_REBIND = (
    HEADER
    + """

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.last = torch.zeros(1, 4)

    def forward(self, x):
        if self.last.shape[0] != x.shape[0]:
            del self.last
            self.last = torch.zeros_like(x)
        y = self.fc(x) + self.last
        return y
"""
    + INPUTS
)

ENUM_NOT_IN = (
    HEADER
    + """

class Pool(enum.Enum):
    MEAN = 1
    MAX = 2
    FIRST = 3


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.pool = Pool.MAX

    def forward(self, x):
        y = self.fc(x)
        take_first = self.pool not in [Pool.MEAN, Pool.MAX]
        return y[:1] if take_first else y.amax(0, keepdim=True)
"""
    + INPUTS
)

CACHED = (
    "import functools\n\n"
    + HEADER
    + """

@functools.lru_cache(maxsize=None)
def ramp(n: int, step: float = 0.5, start: float = 0.0) -> torch.Tensor:
    return start + step * torch.arange(n).float()


class Model(nn.Module):
    def forward(self, x):
        return x + ramp(x.shape[-1], start=1.0)
"""
    + INPUTS
)

SHAPE_SLICE = (
    "from typing import Tuple\n\n"
    + HEADER
    + """

def chw(x: torch.Tensor) -> Tuple[int, int, int]:
    return x.shape[-3:]


class Model(nn.Module):
    def forward(self, x):
        c, h, w = chw(x.view(1, 2, 2, -1))
        return x * c * h * w
"""
    + INPUTS
)


def test_shape_slice_returned_as_tuple_is_rewritten_unsafe() -> None:
    assert_rewritten(
        SHAPE_SLICE,
        [("return x.shape[-3:]", "return x.shape[-3], x.shape[-2], x.shape[-1]")],
        unsafe=True,
        settings=SETTINGS,
    )


@requires_torch
def test_torch_confirms_shape_slice_repair() -> None:
    assert_script_repaired(SHAPE_SLICE, fixed_text(SHAPE_SLICE, SETTINGS, unsafe=True))


EDITS = {
    "cached_call": (CACHED, [("ramp(x.shape[-1], start=1.0)", "ramp(x.shape[-1], 0.5, 1.0)")]),
    "bool_index": (BOOL_INDEX, [("(0.5, 2.0)[wide]", "(0.5, 2.0)[int(wide)]")]),
    "dunder_call": (
        DUNDER_CALL,
        [
            ("self.blocks[0].__call__(x)", "self.blocks[0](x)"),
            ("self.blocks[1].__call__(x)", "self.blocks[1](x)"),
        ],
    ),
    "annotated": (ANNOTATED, [("self.seen: int = x.shape[0]", "self.seen = x.shape[0]")]),
    "del_rebind": (DEL_REBIND, [("            del self.last\n", "")]),
    "enum_not_in": (
        ENUM_NOT_IN,
        [
            (
                "self.pool not in [Pool.MEAN, Pool.MAX]",
                "(self.pool != Pool.MEAN and self.pool != Pool.MAX)",
            )
        ],
    ),
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


def test_annotation_without_init_binding_is_left_alone() -> None:
    source = ANNOTATED.replace("        self.seen = 0\n", "")
    assert "self.seen: int" in fixed_text(source, SETTINGS, unsafe=True)


def test_del_of_a_buffer_is_left_alone() -> None:
    source = DEL_REBIND.replace(
        "self.last = torch.zeros(1, 4)\n", 'self.register_buffer("last", torch.zeros(1, 4))\n'
    ).replace("self.last = torch.zeros_like(x)", "self.last = nn.Parameter(torch.zeros_like(x))")
    assert "del self.last" in fixed_text(source, SETTINGS, unsafe=True)


def test_del_without_a_store_after_it_is_left_alone() -> None:
    source = DEL_REBIND.replace(
        "            self.last = torch.zeros_like(x)\n", "            print(x.shape)\n"
    ).replace("y = self.fc(x) + self.last", "y = self.fc(x)")
    assert "del self.last" in fixed_text(source, SETTINGS, unsafe=True)


def test_enum_in_of_a_call_is_left_alone() -> None:
    source = ENUM_NOT_IN.replace("self.pool not in", "self.pick() not in").replace(
        "    def forward(self, x):",
        "    def pick(self) -> Pool:\n        return self.pool\n\n    def forward(self, x):",
    )
    assert "not in [Pool.MEAN, Pool.MAX]" in fixed_text(source, SETTINGS, unsafe=True)
