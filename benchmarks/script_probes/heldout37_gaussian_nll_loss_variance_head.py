# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class HeteroscedasticRegressor(nn.Module):
    """Regression head trained with a Gaussian NLL; forward returns the per-sample loss."""

    def __init__(self, dim: int = 6, out: int = 2):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, 16), nn.ReLU())
        self.mean = nn.Linear(16, out)
        self.log_var = nn.Linear(16, out)

    def forward(self, x: Tensor, target: Tensor) -> Tensor:
        h = self.body(x)
        var = self.log_var(h).exp()
        loss = F.gaussian_nll_loss(self.mean(h), target, var, full=True, reduction="none")
        return loss.mean(-1)


Model = HeteroscedasticRegressor


def inputs():
    torch.manual_seed(3710)
    return [(torch.randn(4, 6), torch.randn(4, 2)), (torch.randn(1, 6), torch.randn(1, 2))]
