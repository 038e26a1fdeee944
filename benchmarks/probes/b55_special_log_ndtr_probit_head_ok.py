# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ProbitClassifier(nn.Module):
    """Probabilistic: a binary probit head, log-likelihoods via torch.special.log_ndtr for numerical stability."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(7, 1)

    def forward(self, x, y):
        z = self.lin(x).squeeze(-1)
        sign = 2.0 * y - 1.0
        return -torch.special.log_ndtr(sign * z).mean()


Model = ProbitClassifier


def inputs():
    torch.manual_seed(5519)
    return [
        (torch.randn(6, 7) * 4, torch.randint(0, 2, (6,)).float()),
        (torch.randn(3, 7) * 4, torch.randint(0, 2, (3,)).float()),
    ]
