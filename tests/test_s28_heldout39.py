"""Session 28 (helper-257): heldout39's script misses, by mechanism, in other spellings.

- TL213: an Optional int / float / bool / str compared by ``==``, ``!=``, ``<``, ... where no
  ``is not None`` test covers it (TorchScript has no overload of those for an Optional, even
  ``x == None``), and a local an annotated assignment declares Optional (``cur:
  Optional[int] = 0``) counts as Optional until a plain assignment; a ``while x is not None``
  refines nothing in the loop body.
- TL212: a forward hook or pre-hook registered as a bound method (``self.b1.register_
  forward_hook(self._keep)``): TorchScript compiles its function and counts ``self`` among
  the hook's inputs.

Every case is also scripted with torch: flagged ones must fail, clean ones must script and
match eager (``tests/oracle.py``).
"""

from __future__ import annotations

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .lint_helpers import findings

HEADER = "from typing import List, Optional, Tuple\n\nimport torch\nfrom torch import Tensor, nn\n"
INPUTS = "\n\ndef inputs():\n    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]\n"

COMPARED_PARAM = (
    HEADER
    + """

def pick(x: Tensor, k: Optional[int] = None) -> Tensor:
    if k == 2:
        return x * 2.0
    return x


class Model(nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        return pick(x, 2)
"""
    + INPUTS
)

COMPARED_PARAM_REFINED_OK = (
    HEADER
    + """

def pick(x: Tensor, k: Optional[int] = None) -> Tensor:
    if k is not None and k == 2:
        return x * 2.0
    return x


class Model(nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        return pick(x, 2)
"""
    + INPUTS
)

WHILE_LOCAL = (
    HEADER
    + """

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.nxt: List[int] = [1, 2, -1]

    def forward(self, x: Tensor) -> Tensor:
        cur: Optional[int] = 0
        while cur is not None:
            if cur > 0:
                x = self.fc(x)
            n = self.nxt[cur]
            cur = None if n < 0 else n
        return x
"""
    + INPUTS
)

WHILE_LOCAL_REFINED_OK = (
    HEADER
    + """

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.nxt: List[int] = [1, 2, -1]

    def forward(self, x: Tensor) -> Tensor:
        cur: Optional[int] = 0
        while cur is not None:
            assert cur is not None
            if cur > 0:
                x = self.fc(x)
            n = self.nxt[cur]
            cur = None if n < 0 else n
        return x
"""
    + INPUTS
)

LOCAL_REASSIGNED_OK = (
    HEADER
    + """

class Model(nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        k: Optional[int] = None
        k = x.shape[0]
        if k > 2:
            return x * 2.0
        return x
"""
    + INPUTS
)

HOOK_METHOD = (
    HEADER
    + """

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.fc.register_forward_pre_hook(self._scale)

    def _scale(self, module, args):
        return (args[0] * 0.5,)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(x)
"""
    + INPUTS
)

HOOK_FUNCTION_OK = (
    HEADER
    + """

def scale(module: nn.Module, args: Tuple[Tensor]) -> Tuple[Tensor]:
    return (args[0] * 0.5,)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.fc.register_forward_pre_hook(scale)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(x)
"""
    + INPUTS
)

CASES = {
    "compared_param": (COMPARED_PARAM, "TL213", True),
    "compared_param_refined_ok": (COMPARED_PARAM_REFINED_OK, "TL213", False),
    "while_local": (WHILE_LOCAL, "TL213", True),
    "while_local_refined_ok": (WHILE_LOCAL_REFINED_OK, "TL213", False),
    "local_reassigned_ok": (LOCAL_REASSIGNED_OK, "TL213", False),
    "hook_method": (HOOK_METHOD, "TL212", True),
    "hook_function_ok": (HOOK_FUNCTION_OK, "TL212", False),
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
