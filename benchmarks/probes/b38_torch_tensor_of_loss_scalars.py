# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class UncertaintyWeightedLoss(nn.Module):
    """Multi-task head; the two task losses are weighted by learned log-variances."""

    def __init__(self, in_dim=6):
        super().__init__()
        self.head = nn.Linear(in_dim, 3)
        self.log_vars = nn.Parameter(torch.tensor([0.1, -0.2]))

    def forward(self, x, target):
        pred = self.head(x)
        reg = F.mse_loss(pred[:, :2], target[:, :2])
        cls = F.binary_cross_entropy_with_logits(pred[:, 2], target[:, 2])
        losses = torch.tensor([reg, cls])
        precision = torch.exp(-self.log_vars)
        return (precision * losses + self.log_vars).sum()


Model = UncertaintyWeightedLoss


def inputs():
    torch.manual_seed(3802)
    return [
        (torch.randn(4, 6), torch.rand(4, 3)),
        (torch.randn(4, 6) * 2.0, torch.rand(4, 3)),
        (torch.randn(5, 6), torch.rand(5, 3)),
    ]
