# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MultiTaskHeads(nn.Module):
    """Dense multi-task head: each task's head is fetched from the module registry by name."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.trunk = nn.Linear(dim, dim)
        self.seg = nn.Linear(dim, 3)
        self.depth = nn.Linear(dim, 1)
        self.tasks = ["seg", "depth"]

    def forward(self, x):
        h = torch.relu(self.trunk(x))
        outs = []
        for name in self.tasks:
            outs.append(self._modules[name](h))
        return torch.cat(outs, dim=-1)


Model = MultiTaskHeads


def inputs():
    torch.manual_seed(2802)
    return [(torch.randn(4, 8),), (torch.randn(2, 3, 8),)]
