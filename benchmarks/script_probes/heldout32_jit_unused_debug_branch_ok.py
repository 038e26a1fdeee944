# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ProbedEncoder(nn.Module):
    """Research encoder with a debug path that dumps activation statistics; the path is marked
    @torch.jit.unused and is off in the deployed config."""

    def __init__(self, debug: bool = False):
        super().__init__()
        self.fc = nn.Linear(5, 5)
        self.debug = debug

    @torch.jit.unused
    def dump_stats(self, x: Tensor) -> Tensor:
        print({"mean": x.mean().item(), "std": x.std().item()})
        return x

    def forward(self, x: Tensor) -> Tensor:
        x = torch.relu(self.fc(x))
        if self.debug:
            x = self.dump_stats(x)
        return x


Model = ProbedEncoder


def inputs():
    torch.manual_seed(3223)
    return [(torch.randn(3, 5),), (torch.randn(1, 5),)]
