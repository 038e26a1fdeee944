import torch
import torch.nn as nn


class GatedBlock(nn.Module):
    def __init__(self, dim=10):
        super().__init__()
        self.gate = nn.Linear(dim, 1)
        self.body = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())

    def forward(self, x):
        g = torch.sigmoid(self.gate(x.mean(dim=1)))
        use_body = (g > 0.5).float().mean()
        if torch.is_nonzero(use_body > 0.5):  # breaks: compile,export,trace
            return x + self.body(x)
        return x


Model = GatedBlock


def inputs():
    torch.manual_seed(332)
    x = torch.randn(3, 4, 10)
    return [(x,), (-x * 5,), (x * 5,)]
