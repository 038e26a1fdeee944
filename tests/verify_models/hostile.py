"""Failures that raise inside the back-end and must not take the verifier down: infinite
recursion (trace), a huge allocation (compile), an output that is not a tensor."""

import torch
from torch import nn


class Hostile(nn.Module):
    def forward(self, x: torch.Tensor):
        if torch.jit.is_tracing():
            return self.forward(x)
        if torch.compiler.is_compiling():
            hog = bytearray(6 << 30)  # over the test's memory limit
            return x + len(hog)
        return x * 2, "label", 3


def make_inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
