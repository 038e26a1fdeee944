# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """DeepSurv: log-risk network and the Cox partial log-likelihood over risk sets, built by
    sorting times once instead of looping over subjects."""

    def __init__(self, dim: int = 5):
        super().__init__()
        self.risk = nn.Sequential(nn.Linear(dim, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, x: torch.Tensor, time: torch.Tensor, event: torch.Tensor) -> torch.Tensor:
        log_risk = self.risk(x).squeeze(-1)
        order = torch.argsort(time, descending=True)
        lr = log_risk[order]
        ev = event[order].to(lr.dtype)
        log_denominator = torch.logcumsumexp(lr, dim=0)
        return -((lr - log_denominator) * ev).sum() / ev.sum().clamp(min=1.0)


def inputs():
    torch.manual_seed(7120)
    return [
        (torch.randn(6, 5), torch.rand(6) * 10, torch.tensor([1, 0, 1, 1, 0, 1])),
        (torch.randn(6, 5), torch.rand(6) * 10, torch.tensor([0, 0, 1, 0, 0, 1])),
    ]
