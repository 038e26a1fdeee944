import torch
from torch import nn


class SignRoutedHead(nn.Module):
    def __init__(self, dim=8, out=3):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(dim, out), nn.Linear(dim, out)])

    def forward(self, x):
        head = self.heads[int(x.mean() > 0)]  # breaks: compile,export,trace
        return head(x)


def inputs():
    torch.manual_seed(21)
    return [(torch.randn(4, 8) + 1,), (torch.randn(4, 8) - 1,), (torch.randn(2, 8) + 1,)]


Model = SignRoutedHead
