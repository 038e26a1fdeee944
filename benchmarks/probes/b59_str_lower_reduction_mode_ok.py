# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Multiple-instance-learning pooling whose mode is a user-given string; forward
    normalises it with str.lower() before comparing, so "Max" and "max" both work."""

    def __init__(self, d: int = 10, mode: str = "Max"):
        super().__init__()
        self.mode = mode
        self.embed = nn.Sequential(nn.Linear(d, 16), nn.ReLU())
        self.cls = nn.Linear(16, 2)

    def forward(self, bag: torch.Tensor) -> torch.Tensor:
        h = self.embed(bag)
        mode = self.mode.lower()
        if mode == "max":
            pooled = h.max(dim=1).values
        elif mode == "mean":
            pooled = h.mean(dim=1)
        else:
            pooled = torch.logsumexp(h, dim=1)
        return self.cls(pooled)


def inputs():
    torch.manual_seed(5925)
    return [(torch.randn(2, 7, 10),), (torch.randn(3, 4, 10),)]
