import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, lengths):
        positions = torch.arange(lengths.amax())  # breaks: compile
        mask = positions[None, :] < lengths[:, None]
        h = self.fc(x[:, : positions.numel()])
        return h * mask[..., None]


def inputs():
    return [
        (torch.randn(2, 6, 8), torch.tensor([3, 2])),
        (torch.randn(2, 6, 8), torch.tensor([5, 6])),
    ]
