import torch
import torch.nn as nn


def has_outliers(t, limit=3.0):
    return t.abs().amax() > limit


class RobustProjector(nn.Module):
    def __init__(self, d_in=10, d_out=6):
        super().__init__()
        self.fc = nn.Linear(d_in, d_out)
        self.limit = 3.0

    def forward(self, x):
        y = self.fc(x)
        if has_outliers(y, self.limit):
            y = y / y.abs().amax(dim=-1, keepdim=True).clamp_min(1.0)
        return y


Model = RobustProjector


def inputs():
    torch.manual_seed(3402)
    return [(torch.randn(3, 10) * 0.1,), (torch.randn(5, 10) * 20,)]
