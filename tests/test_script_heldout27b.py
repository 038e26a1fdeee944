"""Script mechanisms the heldout27 repair session added to the TL2xx rules, each linted and run
through torch, in other spellings than the probes (helpers, aliases, parameters, negative
indices, ``torch.jit.annotate``).

Each case is a complete example (``Model`` and ``inputs()``); the rule flags it exactly when
torch 2.13's ``torch.jit.script`` rejects it or fails on the inputs (the torch half runs where
torch is installed): an ``Optional[Tensor]`` position of a ``Tuple[...]`` used by subscript
(TL213: TorchScript refines no subscript), int literals in a list display under
``List[float]`` (TL217), a field of ``sys.float_info`` read by name (TL207).
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import script_disagreements
from .test_script_misses import _flagged

HEAD = (
    "import sys\nfrom typing import List, Optional, Tuple\n\n"
    "import torch\nfrom torch import Tensor, nn\n\n\n"
)
TAIL = "\n\ndef inputs():\n    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]\n"


def _model(helper: str, forward: str) -> str:
    return (
        HEAD
        + helper
        + "\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
        + forward
        + "\n"
        + TAIL
    )


PAIR_HELPER = (
    "def gated(pair: Tuple[Tensor, Optional[Tensor]]) -> Tensor:\n"
    "    if pair[1] is not None:\n"
    "        return pair[0] * {use}\n"
    "    return pair[0]\n"
)
STATE_HELPER = (
    "def step(x: Tensor) -> Tensor:\n"
    "    memo: Tuple[Optional[Tensor], Tensor, Optional[Tensor]] = (None, x, x)\n"
    "    return memo[1] + {use}\n"
)

CASES = [
    # A subscript of an Optional position, used under its own test: not refined.
    (
        "TL213",
        _model(PAIR_HELPER.format(use="pair[1].tanh()"), "        return gated((x, x))"),
        True,
    ),
    # The same element through a tested local: refined.
    (
        "TL213",
        _model(
            PAIR_HELPER.replace(
                "    if pair[1] is not None:\n", "    g = pair[1]\n    if g is not None:\n"
            ).format(use="g.tanh()"),
            "        return gated((x, x))",
        ),
        False,
    ),
    # A negative index of the last (Optional) position of a local; the plain position is fine.
    ("TL213", _model(STATE_HELPER.format(use="memo[-1]"), "        return step(x)"), True),
    ("TL213", _model(STATE_HELPER.format(use="memo[-2]"), "        return step(x)"), False),
    # Int literals under List[float], in a local annotation and in torch.jit.annotate.
    (
        "TL217",
        _model(
            "def weigh(x: Tensor) -> Tensor:\n"
            "    gains: List[float] = [2, 3]\n"
            "    return x * gains[0]\n",
            "        return weigh(x)",
        ),
        True,
    ),
    (
        "TL217",
        _model(
            "def weigh(x: Tensor) -> Tensor:\n"
            "    gains = torch.jit.annotate(List[float], [2.0, 3])\n"
            "    return x * gains[0]\n",
            "        return weigh(x)",
        ),
        True,
    ),
    (
        "TL217",
        _model(
            "def weigh(x: Tensor) -> Tensor:\n"
            "    gains: List[float] = [2.0, 3.0]\n"
            "    counts: List[int] = [2, 3]\n"
            "    return x * gains[0] + counts[1]\n",
            "        return weigh(x)",
        ),
        False,
    ),
    # A field of sys.float_info read by name in a helper; indexed it is a tuple item.
    (
        "TL207",
        _model(
            "def guard(x: Tensor) -> Tensor:\n    return x.clamp(min=sys.float_info.epsilon)\n",
            "        return guard(x.abs())",
        ),
        True,
    ),
    (
        "TL207",
        _model(
            "def guard(x: Tensor) -> Tensor:\n    return x.clamp(min=sys.float_info[8])\n",
            "        return guard(x.abs())",
        ),
        False,
    ),
]


@pytest.mark.parametrize(("code", "source", "flagged"), CASES)
def test_rule_verdict(code: str, source: str, flagged: bool) -> None:
    assert _flagged(code, source) == flagged, source


@requires_torch
@pytest.mark.torch
def test_torch_agrees() -> None:
    disagree = script_disagreements(CASES)
    assert not disagree, disagree
