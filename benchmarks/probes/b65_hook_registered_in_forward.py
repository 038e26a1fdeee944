# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Feature extractor that collects an intermediate activation by registering a forward
    hook on the encoder at call time, then removing it."""

    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(6, 6)
        self.dec = nn.Linear(6, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        feats = []
        handle = self.enc.register_forward_hook(lambda m, i, o: feats.append(o))  # breaks: compile,script
        y = self.dec(self.enc(x).relu())
        handle.remove()
        return y + feats[0].mean(-1, keepdim=True)


def inputs():
    torch.manual_seed(6521)
    return [(torch.randn(3, 6),), (torch.randn(2, 6),)]
