# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class RegularisedRegressor(nn.Module):
    """Returns the prediction and an L2 penalty over the weights, as many training wrappers do."""

    def __init__(self, dim=8, weight_decay=1e-3):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, 1))
        self.weight_decay = weight_decay

    def forward(self, x, y):
        pred = self.net(x).squeeze(-1)
        penalty = sum(p.pow(2).sum() for name, p in self.named_parameters() if name.endswith("weight"))
        return pred, F.mse_loss(pred, y) + self.weight_decay * penalty


Model = RegularisedRegressor


def inputs():
    torch.manual_seed(3623)
    return [(torch.randn(4, 8), torch.randn(4)), (torch.randn(4, 8), torch.randn(4)), (torch.randn(6, 8), torch.randn(6))]
