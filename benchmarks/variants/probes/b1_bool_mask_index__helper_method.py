import torch
from torch import nn


class Model(nn.Module):
    def forward(self, logits, labels):
        return self._forward_impl(logits, labels)
    def _forward_impl(self, logits, labels):
        valid = labels != -100
        return logits[valid].logsumexp(-1).mean()


def inputs():
    return [
        (torch.randn(4, 3), torch.tensor([0, -100, 2, 1])),
        (torch.randn(4, 3), torch.tensor([-100, -100, 2, 1])),
    ]
