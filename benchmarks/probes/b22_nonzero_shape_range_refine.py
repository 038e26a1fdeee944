import torch
from torch import nn


class ActiveCountRefiner(nn.Module):
    def __init__(self, dim=8, threshold=0.5):
        super().__init__()
        self.threshold = threshold
        self.gate = nn.Linear(dim, 1)
        self.step = nn.Linear(dim, dim)

    def forward(self, x):
        active = torch.sigmoid(self.gate(x)).squeeze(-1) > self.threshold
        h = x
        for _ in range(active.nonzero().shape[0]):  # breaks: compile,export,trace
            h = h + 0.1 * torch.tanh(self.step(h))
        return h


Model = ActiveCountRefiner


def inputs():
    torch.manual_seed(6)
    return [
        (torch.randn(4, 8),),
        (torch.randn(4, 8) + 2.0,),
        (torch.randn(5, 8) * 3.0,),
    ]
