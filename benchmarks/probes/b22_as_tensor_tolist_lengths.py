import torch
import torch.nn as nn


class MaskedMeanPool(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, mask):
        h = self.proj(x) * mask.unsqueeze(-1)
        lengths = torch.as_tensor([float(v) for v in mask.sum(-1).tolist()])  # breaks: compile,export,trace
        return h.sum(1) / lengths.clamp(min=1.0).unsqueeze(-1)


Model = MaskedMeanPool


def inputs():
    torch.manual_seed(17)
    return [
        (torch.randn(2, 5, 8), torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]]).float()),
        (torch.randn(2, 5, 8), torch.tensor([[1, 0, 0, 0, 0], [1, 1, 0, 0, 0]]).float()),
        (torch.randn(3, 4, 8), torch.ones(3, 4)),
    ]
