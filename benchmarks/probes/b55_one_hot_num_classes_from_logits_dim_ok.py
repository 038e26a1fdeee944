# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class SmoothedTargetLoss(nn.Module):
    """Classification: smoothed one-hot targets, F.one_hot(num_classes=) read from the logits' last dim."""

    def __init__(self, smoothing: float = 0.1):
        super().__init__()
        self.smoothing = smoothing

    def forward(self, logits, target):
        n_cls = logits.shape[-1]
        onehot = F.one_hot(target, num_classes=n_cls).to(logits.dtype)
        soft = onehot * (1.0 - self.smoothing) + self.smoothing / n_cls
        return -(soft * logits.log_softmax(-1)).sum(-1).mean()


Model = SmoothedTargetLoss


def inputs():
    torch.manual_seed(5512)
    return [
        (torch.randn(4, 5), torch.randint(0, 5, (4,))),
        (torch.randn(3, 8), torch.randint(0, 8, (3,))),
    ]
