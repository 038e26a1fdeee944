# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RBFPrototypeLayer(nn.Module):
    """RBF network layer: Gaussian kernel of distances to learned centres (fixed bandwidth)."""

    def __init__(self, in_dim=4, n_centers=9, gamma=0.5):
        super().__init__()
        self.centers = nn.Parameter(torch.randn(n_centers, in_dim))
        self.log_gamma = nn.Parameter(torch.tensor(gamma).log())
        self.out = nn.Linear(n_centers, 2)

    def forward(self, x):
        d2 = torch.cdist(x, self.centers, p=2.0).pow(2)
        phi = torch.exp(-self.log_gamma.exp() * d2)
        return self.out(phi)


Model = RBFPrototypeLayer


def inputs():
    torch.manual_seed(4010)
    return [(torch.randn(7, 4),), (torch.randn(7, 4),), (torch.randn(3, 4),)]
