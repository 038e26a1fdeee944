# ruff: noqa  (a probe is written as users write models)
from typing import Text

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def focal_loss(logits: Tensor, target: Tensor, gamma: float = 2.0, reduction: Text = "mean") -> Tensor:
    logp = F.log_softmax(logits, -1).gather(-1, target.unsqueeze(-1)).squeeze(-1)
    loss = -((1 - logp.exp()) ** gamma) * logp
    if reduction == "sum":
        return loss.sum()
    if reduction == "none":
        return loss
    return loss.mean()


class FocalClassifier(nn.Module):
    """Classifier returning its focal loss; the reduction string is annotated typing.Text."""

    def __init__(self, dim: int = 6, classes: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, x: Tensor, target: Tensor, reduction: Text = "sum") -> Tensor:
        return focal_loss(self.fc(x), target, reduction=reduction)


Model = FocalClassifier


def inputs():
    torch.manual_seed(2916)
    return [(torch.randn(4, 6), torch.randint(0, 4, (4,))), (torch.randn(2, 6), torch.randint(0, 4, (2,)), "none")]
