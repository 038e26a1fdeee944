# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RevIN(nn.Module):
    """Reversible instance normalisation: statistics over time per series, learnable affine."""

    def __init__(self, n_vars: int, eps: float = 1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(n_vars))
        self.bias = nn.Parameter(torch.zeros(n_vars))

    def norm(self, x: torch.Tensor):
        mean = x.mean(dim=1, keepdim=True).detach()
        std = torch.sqrt(x.var(dim=1, keepdim=True, unbiased=False) + self.eps).detach()
        return (x - mean) / std * self.weight + self.bias, mean, std

    def denorm(self, y: torch.Tensor, mean: torch.Tensor, std: torch.Tensor) -> torch.Tensor:
        return (y - self.bias) / (self.weight + self.eps * self.eps) * std + mean


class Model(nn.Module):
    """PatchTST-style forecaster: RevIN, patches cut with unfold, a linear head to the horizon."""

    def __init__(
        self, n_vars: int = 3, lookback: int = 16, patch: int = 4, stride: int = 2, horizon: int = 5
    ):
        super().__init__()
        self.patch, self.stride = patch, stride
        n_patches = (lookback - patch) // stride + 1
        self.revin = RevIN(n_vars)
        self.embed = nn.Linear(patch, 8)
        self.head = nn.Linear(8 * n_patches, horizon)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z, mean, std = self.revin.norm(x)
        patches = z.transpose(1, 2).unfold(-1, self.patch, self.stride)
        h = self.embed(patches).relu().flatten(2)
        y = self.head(h).transpose(1, 2)
        return self.revin.denorm(y, mean, std)


def inputs():
    torch.manual_seed(6712)
    return [(torch.randn(2, 16, 3),), (torch.randn(4, 16, 3) * 5 + 2,)]
