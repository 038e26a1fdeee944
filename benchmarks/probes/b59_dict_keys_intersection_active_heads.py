# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Multi-task network with a dictionary of heads; only the heads also listed as active
    (a set intersected with the ModuleDict's keys) are run and their outputs concatenated."""

    def __init__(self, d: int = 12):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(d, 16), nn.ReLU())
        self.heads = nn.ModuleDict({"age": nn.Linear(16, 1), "gender": nn.Linear(16, 2), "mood": nn.Linear(16, 5)})
        self.active = {"age", "mood", "pose"}

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.trunk(x)
        outs = []
        for name in sorted(self.heads.keys() & self.active):
            outs.append(self.heads[name](h))
        return torch.cat(outs, dim=-1)


def inputs():
    torch.manual_seed(5912)
    return [(torch.randn(4, 12),), (torch.randn(7, 12),)]
