import torch
import torch.nn as nn


def _device_of(t):
    index = t.get_device()
    return torch.device("cpu") if index < 0 else torch.device("cuda", index)


class BiasedScorer(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, 1)
        self.register_buffer("prior", torch.linspace(-1.0, 1.0, dim))

    def forward(self, x):
        prior = self.prior.to(_device_of(x))
        return self.fc(x + prior).squeeze(-1)


Model = BiasedScorer


def inputs():
    torch.manual_seed(27)
    return [(torch.randn(3, 8),), (torch.randn(6, 8) * 3,)]
