"""Failures that raise inside a back-end and must not take the verifier down: a huge allocation
(script, via the hook torch.jit.script calls first), infinite recursion (trace), and an output
that is not only tensors (compared leaf by leaf; torch.compile accepts it), and sys.exit
(non-strict export runs forward as Python)."""

import sys

import torch
from torch import nn


def _down(depth: int) -> int:
    return _down(depth + 1)


class Hostile(nn.Module):
    def __prepare_scriptable__(self) -> "Hostile":
        hog = bytearray(6 << 30)  # over the test's memory limit
        return self if hog else self

    def forward(self, x: torch.Tensor):
        if torch.jit.is_tracing():
            _down(0)
        if torch.compiler.is_exporting():
            sys.exit(3)
        return x * 2, "label", 3


def make_inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
