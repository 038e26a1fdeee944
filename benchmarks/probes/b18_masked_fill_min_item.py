import torch
from torch import nn


class PaddedMaxPool(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, pad_mask):
        h = self.proj(x)
        floor = h.min().item()  # breaks: compile,trace
        h = h.masked_fill(pad_mask.unsqueeze(-1), floor)
        return h.max(dim=1).values


Model = PaddedMaxPool


def inputs():
    torch.manual_seed(35)
    m = torch.tensor([[False, False, True, True], [False, False, False, True]])
    return [
        (torch.randn(2, 4, 8), m),
        (torch.randn(2, 4, 8) * 10, m),
        (torch.randn(3, 5, 8), torch.zeros(3, 5, dtype=torch.bool)),
    ]
