# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(6, 6)
        self.dec = nn.Linear(6, 6)

    def activation_histogram(self, x):
        h = torch.relu(self.enc(x)).detach().numpy()
        counts, _ = np.histogram(h, bins=8)
        return torch.from_numpy(counts)

    def forward(self, x):
        return self.dec(torch.relu(self.enc(x)))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
