import torch
import torch.nn.functional as F
from torch import nn


def model_forward(self, logits, targets):
    p = logits.sigmoid()
    ce = F.binary_cross_entropy_with_logits(logits, targets, reduction="none")
    p_t = p * targets + (1 - p) * (1 - targets)
    loss = ce * ((1 - p_t) ** self.gamma)
    if self.alpha >= 0:
        loss = (self.alpha * targets + (1 - self.alpha) * (1 - targets)) * loss
    if self.reduction == "mean":
        return loss.mean()
    return loss.sum()
