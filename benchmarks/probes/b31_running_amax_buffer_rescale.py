import torch
import torch.nn as nn


class AbsMaxTracker(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.register_buffer("running_max", torch.ones(()))

    def forward(self, x):
        y = self.fc(x)
        self.running_max = torch.maximum(self.running_max, y.detach().abs().amax())
        return y / self.running_max


Model = AbsMaxTracker


def inputs():
    torch.manual_seed(61)
    return [(torch.randn(3, 6),), (torch.randn(3, 6) * 10,), (torch.randn(3, 6) * 40,)]
