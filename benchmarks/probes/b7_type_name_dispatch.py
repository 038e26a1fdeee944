import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, scale):
        if type(scale).__name__ == "Tensor":  # breaks: export
            scale = scale.unsqueeze(-1)
        return self.fc(x) * scale


def inputs():
    return [
        (torch.randn(2, 8), torch.tensor([1.0, 2.0])),
        (torch.randn(3, 8), torch.tensor([0.5, 1.0, 3.0])),
    ]
