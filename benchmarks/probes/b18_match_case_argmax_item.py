import torch
import torch.nn as nn


class ModeDispatch(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.router = nn.Linear(dim, 3)
        self.up = nn.Linear(dim, dim)
        self.down = nn.Linear(dim, dim)

    def forward(self, x):
        mode = self.router(x.mean(0)).argmax()
        match mode.item():  # breaks: trace
            case 0:  # breaks: compile,export
                return self.up(x)
            case 1:
                return self.down(x)
            case _:
                return x


def inputs():
    torch.manual_seed(22)
    return [(torch.randn(3, 8),), (torch.randn(3, 8) * 4,), (torch.randn(3, 8) - 2,), (torch.randn(6, 8),)]


Model = ModeDispatch
