import torch
import torch.nn.functional as F
from torch import nn


class Inner(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.head = nn.Linear(dim, 1)

    def forward(self, x, y):
        pred = self.head(x).squeeze(-1)
        loss = F.mse_loss(pred, y)
        if torch.isnan(loss):  # breaks: compile,export,trace
            loss = torch.zeros_like(loss)
        return loss


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x, y):
        return self.block(x, y)


def inputs():
    return [
        (torch.randn(4, 8), torch.randn(4)),
        (torch.randn(3, 8), torch.tensor([0.5, float("nan"), 1.0])),
    ]
