import torch
from torch import nn


class MaskedPool(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.out = nn.Linear(dim, dim)

    def forward(self, x, mask):
        h = self.out(x)
        if mask.nonzero().numel() == 0:  # breaks: compile,export,trace
            return h.mean(dim=1)
        w = self.score(x).squeeze(-1).masked_fill(~mask, -1e4).softmax(-1)
        return (w.unsqueeze(-1) * h).sum(dim=1)


Model = MaskedPool


def inputs():
    torch.manual_seed(10)
    return [
        (torch.randn(2, 5, 8), torch.zeros(2, 5, dtype=torch.bool)),
        (torch.randn(3, 5, 8), torch.rand(3, 5) > 0.4),
    ]
