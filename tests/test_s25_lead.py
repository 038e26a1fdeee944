"""Session 25, the lead's changes: TL101's `torch.where` fix keeps an `if` whose branch draws
random numbers (blind b69's epsilon-greedy head: the rewrite drew `torch.randint` on every call,
so every later draw, and eager's output, changed)."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

SETTINGS = Settings(select=("TL101",), targets=("compile",))

# Each branch value (or a statement before the return) draws from a generator: torch's
# (functions and tensor methods, read from torch's own tags), Python's or NumPy's.
DRAWING = {
    "randint": """
        if torch.rand(()) < self.eps:
            return torch.randint(0, 4, (q.size(0),))
        return q.argmax(-1)
    """,
    "ternary_bernoulli": """
        return q.bernoulli() if q.mean() > 0.5 else q
    """,
    "dropout_functional": """
        if q.sum() > 0:
            return torch.nn.functional.dropout(q, 0.5, True)
        return q
    """,
    "assignment_draw": """
        if q.sum() > 0:
            noise = torch.randn_like(q)
            return q + noise
        return q
    """,
    "numpy_draw": """
        if q.sum() > 0:
            shift = float(np.random.rand())
            return q + shift
        return q
    """,
}

MODULE = """
import numpy as np
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.eps = 0.5

    def forward(self, q):
{body}

def inputs():
    torch.manual_seed(0)
    return [(torch.rand(4, 6),), (torch.rand(4, 6),), (torch.rand(4, 6),)]
"""


def _module(body: str) -> str:
    return MODULE.format(body=textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8))


@pytest.mark.parametrize("name", sorted(DRAWING))
def test_branch_that_draws_keeps_its_if(name: str) -> None:
    # Never `torch.where`, which would draw on both sides; an unsafe compile repair may pick
    # the side with `torch.cond`, which draws only on the side taken (fixers/repair_session30.py).
    source = _module(DRAWING[name])
    fixed = fixed_text(source, SETTINGS)
    assert "torch.where" not in fixed
    assert fixed == source or "torch.cond(" in fixed


def test_branch_without_a_draw_still_becomes_where() -> None:
    source = _module(
        """
        if q.sum() > 0:
            return q * 2
        return q
        """
    )
    assert "torch.where(q.sum() > 0, q * 2, q)" in fixed_text(source, SETTINGS)


@requires_torch
def test_where_of_a_draw_would_change_eager() -> None:
    """Why: running the untaken branch's `torch.randint` moves the generator on, so the next
    call's draw (and output) differs from eager's."""
    import torch

    from .oracle import load_example

    def run_eager(text: str) -> list:
        module = load_example(text)
        torch.manual_seed(0)
        model = module.Model().eval()
        return [model(*args) for args in module.inputs()]

    source = _module(DRAWING["randint"])
    where = source.replace(
        """        if torch.rand(()) < self.eps:
            return torch.randint(0, 4, (q.size(0),))
        return q.argmax(-1)""",
        "        return torch.where(torch.rand(()) < self.eps, torch.randint(0, 4, "
        "(q.size(0),)), q.argmax(-1))",
    )
    assert where != source
    assert [o.tolist() for o in run_eager(source)] != [o.tolist() for o in run_eager(where)]


@requires_torch
def test_seeded_tables_are_torchs() -> None:
    """The tables the fixer reads name what torch draws with (checked on the generator)."""
    import torch

    from torchlint.lint.dynamo_tables import torch_seeded_functions, torch_seeded_methods

    for name in ("torch.randint", "torch.randn_like", "torch.nn.functional.dropout"):
        assert name in torch_seeded_functions()
        function = eval(name, {"torch": torch})  # noqa: S307 - a name from the table
        state = torch.get_rng_state()
        if name.endswith("dropout"):
            function(torch.ones(8), 0.5, True)
        elif name.endswith("_like"):
            function(torch.ones(3))
        else:
            function(0, 4, (3,))
        assert not torch.equal(state, torch.get_rng_state())
    assert {"bernoulli", "uniform_", "normal_"} <= torch_seeded_methods()
    assert "torch.argmax" not in torch_seeded_functions()


# TL234 (helper-234's rule): the int-literal fix writes the float TorchScript needs, the
# negative literal included; the module then scripts with eager unchanged.
INT_MODULE_ARGUMENT = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pad = nn.ConstantPad1d((2, 0), 0)
        self.clip = nn.Hardtanh(-1, 20)
        self.proj = nn.Conv1d(3, 3, 3)

    def forward(self, x):
        return self.clip(self.proj(self.pad(x)) * 30)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 3, 5),)]
"""


def test_int_module_argument_written_as_float() -> None:
    fixed = fixed_text(
        INT_MODULE_ARGUMENT,
        Settings(select=("TL234",), targets=("script",), targets_explicit=True),
    )
    assert "nn.ConstantPad1d((2, 0), 0.0)" in fixed
    assert "nn.Hardtanh(-1.0, 20.0)" in fixed


@requires_torch
def test_int_module_argument_fix_repairs_script() -> None:
    from .fix_helpers import assert_script_repaired

    fixed = fixed_text(
        INT_MODULE_ARGUMENT,
        Settings(select=("TL234",), targets=("script",), targets_explicit=True),
    )
    assert_script_repaired(INT_MODULE_ARGUMENT, fixed)
