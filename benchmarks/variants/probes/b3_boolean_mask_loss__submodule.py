import torch
import torch.nn.functional as F
from torch import nn


class Inner(nn.Module):
    def __init__(self, dim: int = 8, vocab: int = 6):
        super().__init__()
        self.head = nn.Linear(dim, vocab)

    def forward(self, h, labels):
        logits = self.head(h)
        valid = labels != -100
        return F.cross_entropy(logits[valid], labels[valid])  # breaks: compile


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, h, labels):
        return self.inner(h, labels)


def inputs():
    return [
        (torch.randn(4, 8), torch.tensor([1, -100, 3, 0])),
        (torch.randn(5, 8), torch.tensor([-100, 2, 2, 5, -100])),
    ]
