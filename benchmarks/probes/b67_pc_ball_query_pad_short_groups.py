# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Ball query around one query point: neighbours within the radius are gathered, and the
    group is padded by repeating the first neighbour when fewer than `nsample` are found."""

    def __init__(self, radius: float = 1.0, nsample: int = 6):
        super().__init__()
        self.radius = radius
        self.nsample = nsample
        self.mlp = nn.Linear(3, 8)

    def forward(self, xyz: torch.Tensor, query: torch.Tensor) -> torch.Tensor:
        d2 = ((xyz - query) ** 2).sum(-1)
        idx = (d2 < self.radius**2).nonzero().squeeze(1)
        if idx.shape[0] < self.nsample:  # breaks: compile,export,trace
            idx = torch.cat([idx, idx[:1].expand(self.nsample - idx.shape[0])])
        group = xyz[idx[: self.nsample]] - query
        return self.mlp(group).mean(dim=0)


def inputs():
    torch.manual_seed(6708)
    xyz = torch.randn(24, 3)
    return [(xyz, xyz[5].clone()), (xyz, xyz[2].clone())]
