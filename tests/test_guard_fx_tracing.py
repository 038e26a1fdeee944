"""``torch.fx``'s tracing flag as a guard: True while torch.export traces (torch 2.13,
non-strict), so a check under ``if not is_fx_tracing():`` runs in eager, compile and trace and
is no export problem (a blind probe, b49, had TL101 claim export there)."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text

from .conftest import requires_torch

SOURCE = textwrap.dedent(
    """
    import torch
    from torch import nn
    from torch.fx._symbolic_trace import is_fx_tracing

    class Model(nn.Module):
        def forward(self, x, prior):
            if not is_fx_tracing():
                if (prior < 0).any():
                    raise ValueError("prior must be non-negative")
            return x + prior.clamp_min(1e-6).log()

    def inputs():
        return [(torch.randn(2, 4), torch.rand(4)), (torch.randn(3, 4), torch.rand(4))]
    """
)


def _targets() -> set[str]:
    result = lint_text("example.py", SOURCE)
    return {t for d in result.diagnostics if d.code == "TL101" for t in d.targets}


def test_a_check_under_not_is_fx_tracing_names_compile_and_trace_not_export():
    assert _targets() == {"compile", "trace"}


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("backend", ["compile", "trace", "export"])
def test_torch_agrees_the_guard_leaves_the_check_out_of_export_alone(backend):
    from .oracle import check

    verdict = check(SOURCE, backend, warning_line=9 if backend == "trace" else None)
    assert verdict.ok == (backend == "export"), verdict
