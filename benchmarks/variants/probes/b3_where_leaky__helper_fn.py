import torch
from torch import nn


def model_forward(self, x, pad_mask):
    h = self.fc(x)
    h = torch.where(h > 0, h, self.slope * h)
    h = h.masked_fill(pad_mask[..., None], 0.0)
    denom = (~pad_mask).sum(dim=1, keepdim=True).clamp(min=1)
    return h.sum(dim=1) / denom


class Model(nn.Module):
    def __init__(self, dim: int = 8, slope: float = 0.1):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.slope = slope

    def forward(self, x, pad_mask):
        return model_forward(self, x, pad_mask)


def inputs():
    return [
        (torch.randn(2, 3, 8), torch.tensor([[False, False, True], [False, True, True]])),
        (torch.randn(3, 3, 8), torch.tensor([[False] * 3, [False, False, True], [True] * 3])),
    ]
