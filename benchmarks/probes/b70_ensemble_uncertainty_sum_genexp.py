# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Member(nn.Module):
    def __init__(self, dim: int, n_cls: int):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 8), nn.ReLU(), nn.Linear(8, n_cls))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x).softmax(-1)


class Model(nn.Module):
    """Deep ensemble: predictive mean and the mutual-information uncertainty of the members."""

    def __init__(self, dim: int = 6, n_cls: int = 3, members: int = 3):
        super().__init__()
        self.members = nn.ModuleList([Member(dim, n_cls) for _ in range(members)])

    def forward(self, x: torch.Tensor):
        probs = [m(x) for m in self.members]
        mean = sum(p for p in probs) / len(probs)  # breaks: script
        ent = -(mean * mean.clamp_min(1e-9).log()).sum(-1)
        exp_ent = torch.stack([-(p * p.clamp_min(1e-9).log()).sum(-1) for p in probs]).mean(0)
        return mean, ent - exp_ent


def inputs():
    torch.manual_seed(7030)
    return [(torch.randn(4, 6),), (torch.randn(2, 6),)]
