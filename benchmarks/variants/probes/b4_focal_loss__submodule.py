import torch
import torch.nn.functional as F
from torch import nn


class Inner(nn.Module):
    def __init__(self, alpha: float = 0.25, gamma: float = 2.0, reduction: str = "mean"):
        super().__init__()
        self.alpha, self.gamma, self.reduction = alpha, gamma, reduction

    def forward(self, logits, targets):
        p = logits.sigmoid()
        ce = F.binary_cross_entropy_with_logits(logits, targets, reduction="none")
        p_t = p * targets + (1 - p) * (1 - targets)
        loss = ce * ((1 - p_t) ** self.gamma)
        if self.alpha >= 0:
            loss = (self.alpha * targets + (1 - self.alpha) * (1 - targets)) * loss
        if self.reduction == "mean":
            return loss.mean()
        return loss.sum()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, logits, targets):
        return self.inner(logits, targets)


def inputs():
    return [
        (torch.randn(4, 3), torch.randint(0, 2, (4, 3)).float()),
        (torch.randn(6, 3), torch.randint(0, 2, (6, 3)).float()),
    ]
