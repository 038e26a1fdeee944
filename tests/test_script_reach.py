"""What scripting a module compiles beyond its own methods, each case linted and scripted.

Two reach rules of the regions (``ProjectIndex._compute_regions``), found missing on the unseen
corpus: an inherited method's ``self.m()`` calls the override of the class being scripted
(normflows' ``_Linear.forward`` calling ``_LULinear.forward_no_cache``), and a plain class named
in a scripted signature is compiled, every method of it (pytorch-tcn's
``buffer: Optional[BufferIO]``). The rule flags each case exactly when ``torch.jit.script``
rejects the ``Model`` (the torch half runs where torch is installed).
"""

from __future__ import annotations

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.registry import all_rules
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .oracle import load_example

HEAD = "from typing import Optional\n\nimport torch\nfrom torch import nn\n\n\n"

# The base class's forward calls `self.step(x)`; `Model` inherits it.
BASE = (
    "class Base(nn.Module):\n"
    "    def forward(self, x):\n"
    "        return self.step(x)\n\n"
    "    def step(self, x):\n"
    "        return x\n\n\n"
)


def _override(step: str, forward: str = "") -> str:
    """``Model(Base)`` overriding ``step`` with the body ``step`` (and ``forward``, if given)."""
    own_forward = f"    def forward(self, x):\n{forward}\n\n" if forward else ""
    return "".join(
        (HEAD, BASE, "class Model(Base):\n", own_forward, "    def step(self, x):\n", step)
    )


def _signature(method: str, annotation: str = "Optional[Buffer]", bases: str = "") -> str:
    """``Model.forward`` takes a ``Buffer`` it never uses; ``Buffer.size`` runs ``method``."""
    return (
        HEAD + f"class Buffer{bases}:\n"
        "    def __init__(self, n: int):\n"
        "        self.n = n\n\n"
        "    def size(self) -> int:\n" + method + "\n\n\n"
        "class Model(nn.Module):\n"
        f"    def forward(self, x, buf: {annotation} = None):\n"
        "        return x\n"
    )


WORLD = "torch.distributed.get_world_size()"
# The override calls a method of its own class, which the base class does not have.
HELPER = f"        return x * self.scale()\n\n    def scale(self):\n        return {WORLD}"

# (rule, module source, whether the rule flags it). Torch's verdict is computed in the test.
CASES = [
    # The override of the class scripted, called from the inherited forward.
    ("TL209", _override(f"        return x * {WORLD}"), True),
    ("TL209", _override(HELPER), True),
    ("TL209", _override(f"        return x * {WORLD}", "        return super().forward(x)"), True),
    ("TL209", _override("        return x * 2"), False),
    # A plain class in the scripted signature: compiled, every method, used or not.
    ("TL209", _signature(f"        return self.n * {WORLD}"), True),
    ("TL209", _signature(f"        return self.n * {WORLD}", annotation='"Buffer"'), True),
    ("TL209", _signature(f"        return self.n * {WORLD}", bases="(object)"), True),
    ("TL209", _signature("        return self.n * 2"), False),
]


def _flagged(code: str, source: str) -> bool:
    rules = [rule for rule in all_rules() if rule.code == code]
    settings = Settings(select=(code,), targets_explicit=True)
    result = lint_text("example.py", source, settings=settings, rules=rules)
    assert not result.errors, result.errors
    return any(d.code == code and "script" in d.targets for d in result.diagnostics)


@pytest.mark.parametrize(("code", "source", "flagged"), CASES)
def test_rule_verdict(code: str, source: str, flagged: bool) -> None:
    assert _flagged(code, source) == flagged, source


def scripts(source: str) -> bool:
    """Whether ``torch.jit.script`` compiles the ``Model`` of ``source``, imported as a module
    of ``sys.modules`` (TorchScript reads a class's source through its module)."""
    import torch

    try:
        torch.jit.script(load_example(source).Model())
    except RuntimeError:
        return False
    return True


@requires_torch
@pytest.mark.torch
def test_torch_agrees() -> None:
    disagree = [(code, source) for code, source, flagged in CASES if scripts(source) == flagged]
    assert not disagree, disagree
