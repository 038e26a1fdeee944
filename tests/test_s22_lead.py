"""Session 22, the lead's changes: TL318's grad-mode condition."""

from __future__ import annotations

import dataclasses
import textwrap

from torchlint.lint.config import Settings
from torchlint.lint.engine import lint_text

from .conftest import requires_torch
from .lint_helpers import findings

# TL318 on `requires_grad_()` of a copy or a new tensor fails compile only while autograd is on
# (fresh2's siren: `self.grid.clone().detach().requires_grad_()`, run under torch.no_grad()
# where compile passes). Other spellings: a buffer's detached copy, a `torch.ones_like`
# perturbation, forward's own input (fails in any grad mode); the grad mode graph code sets
# itself decides: `with torch.enable_grad():` always fails, `@torch.no_grad()` never does.
GRAD_MODES = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 2)
        self.register_buffer("anchor", torch.zeros(1, 4))

    def forward(self, x):
        a = self.anchor.detach().requires_grad_()
        noise = torch.ones_like(x).requires_grad_(True)
        return self.net(x + a + noise)


class Saliency(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 2)

    def forward(self, x):
        x.requires_grad_()
        return self.net(x)


class Enabled(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 2)

    def forward(self, x):
        with torch.enable_grad():
            probe = x.detach().requires_grad_()
            return self.net(probe)


class Disabled(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 2)

    @torch.no_grad()
    def forward(self, x):
        probe = x.clone().requires_grad_()
        return self.net(probe)


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
"""


# Lines of the five markings: the two copies, the input, under enable_grad, under no_grad.
ANCHOR, NOISE, INPUT, ENABLED, DISABLED = (
    number
    for number, text in enumerate(textwrap.dedent(GRAD_MODES).lstrip("\n").splitlines(), 1)
    if "requires_grad_(" in text
)


def _by_line(mode: str = "all") -> dict[int, object]:
    settings = dataclasses.replace(
        Settings(select=("TL318",), targets=("compile",), targets_explicit=True), mode=mode
    )
    result = lint_text("model.py", textwrap.dedent(GRAD_MODES).lstrip("\n"), settings)
    return {d.line: d.condition for d in result.diagnostics}


def test_a_copy_marked_without_a_grad_mode_names_autograd_as_its_condition() -> None:
    assert _by_line() == {
        ANCHOR: "torch.is_grad_enabled()",
        NOISE: "torch.is_grad_enabled()",
        INPUT: None,
        ENABLED: None,
    }
    assert DISABLED not in [d.line for d in findings(GRAD_MODES, "TL318", "compile")]


def test_inference_mode_leaves_out_what_needs_autograd() -> None:
    assert _by_line("inference") == {INPUT: None, ENABLED: None}


@requires_torch
def test_torch_fails_each_flagged_marking_in_the_grad_mode_its_condition_says() -> None:
    import torch

    from .oracle import load_example

    module = load_example(textwrap.dedent(GRAD_MODES).lstrip("\n"))
    x = module.inputs()[0][0]

    def fails(model: torch.nn.Module, grad: bool) -> bool:
        torch._dynamo.reset()
        compiled = torch.compile(model, fullgraph=True, backend="eager")
        try:
            with torch.set_grad_enabled(grad):
                compiled(x.clone())
        except Exception:
            return True
        return False

    # The copies: fail with autograd on, pass under no_grad.
    assert fails(module.Model(), True) and not fails(module.Model(), False)
    # Forward's own input fails either way; enable_grad inside forward fails either way.
    assert fails(module.Saliency(), True) and fails(module.Saliency(), False)
    assert fails(module.Enabled(), True) and fails(module.Enabled(), False)
    # Graph code that turns autograd off itself passes either way.
    assert not fails(module.Disabled(), True) and not fails(module.Disabled(), False)
