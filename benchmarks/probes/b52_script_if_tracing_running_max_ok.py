# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


@torch.jit.script_if_tracing
def running_max(x: Tensor) -> Tensor:
    """Running maximum over time with a Python loop; scripted only when traced."""
    out = [x[:, 0]]
    for t in range(1, x.size(1)):
        out.append(torch.maximum(out[-1], x[:, t]))
    return torch.stack(out, dim=1)


class EnvelopeFollower(nn.Module):
    """Audio/RL signal feature: running peak envelope of a projected sequence."""

    def __init__(self, d: int = 4):
        super().__init__()
        self.proj = nn.Linear(d, d)

    def forward(self, x: Tensor) -> Tensor:
        h = self.proj(x)
        return running_max(h) - h


Model = EnvelopeFollower


def inputs():
    torch.manual_seed(5231)
    return [(torch.randn(2, 6, 4),), (torch.randn(3, 9, 4),)]
