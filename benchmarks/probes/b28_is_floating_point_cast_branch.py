import torch
from torch import nn


class InputAdapter(nn.Module):
    def __init__(self, levels=255.0):
        super().__init__()
        self.levels = levels

    def forward(self, x):
        if not x.is_floating_point():  # breaks: trace
            x = x.float() / self.levels
        elif x.dtype != torch.float32:
            x = x.to(torch.float32)
        return x


class Model(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.adapt = InputAdapter()
        self.fc = nn.Linear(dim, 3)

    def forward(self, x):
        return self.fc(self.adapt(x))


def inputs():
    torch.manual_seed(30)
    return [
        (torch.randint(0, 256, (2, 6), dtype=torch.uint8),),
        (torch.rand(3, 6),),
        (torch.rand(4, 6, dtype=torch.float64),),
    ]
