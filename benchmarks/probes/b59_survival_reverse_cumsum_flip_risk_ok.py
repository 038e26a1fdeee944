# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Cox proportional-hazards model: patients are sorted by time; the log risk set of each
    patient is a reversed cumulative sum, computed by flipping, cumsum-ing and flipping back."""

    def __init__(self, d: int = 7):
        super().__init__()
        self.risk = nn.Sequential(nn.Linear(d, 8), nn.Tanh(), nn.Linear(8, 1))

    def forward(self, x: torch.Tensor, times: torch.Tensor, events: torch.Tensor) -> torch.Tensor:
        order = torch.argsort(times, descending=False)
        r = self.risk(x[order]).squeeze(-1)
        ev = events[order]
        risk_set = torch.log(torch.flip(torch.cumsum(torch.flip(r.exp(), [0]), 0), [0]))
        return -((r - risk_set) * ev).sum() / ev.sum().clamp_min(1.0)


def inputs():
    torch.manual_seed(5928)
    return [
        (torch.randn(6, 7), torch.rand(6), (torch.rand(6) > 0.3).float()),
        (torch.randn(10, 7), torch.rand(10), (torch.rand(10) > 0.3).float()),
    ]
