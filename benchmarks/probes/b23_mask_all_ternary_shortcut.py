import torch
import torch.nn as nn


class MaskedSeqEncoder(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.ff = nn.Linear(dim, dim)

    def forward(self, x, mask):
        m = mask.unsqueeze(-1).to(x.dtype)
        x = x if mask.all() else x * m  # breaks: compile,export,trace
        h = torch.relu(self.ff(x))
        return h.sum(1) / m.sum(1).clamp(min=1.0)


Model = MaskedSeqEncoder


def inputs():
    torch.manual_seed(15)
    return [
        (torch.randn(2, 5, 8), torch.ones(2, 5, dtype=torch.bool)),
        (torch.randn(2, 5, 8), torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 0]]).bool()),
        (torch.randn(3, 4, 8), torch.tensor([[1, 0, 0, 0], [1, 1, 1, 1], [1, 1, 0, 0]]).bool()),
    ]
