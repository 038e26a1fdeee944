import numpy as np
import torch
import torch.nn as nn


class TabularStandardizer(nn.Module):
    def __init__(self, n_features=6, hidden=12):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(n_features, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, feats):
        arr = np.asarray(feats.detach(), dtype=np.float64)  # breaks: export
        centred = (arr - arr.mean(axis=0)) / (arr.std(axis=0) + 1e-6)
        z = torch.from_numpy(centred).to(feats.dtype)  # breaks: trace
        return self.mlp(z)


Model = TabularStandardizer


def inputs():
    torch.manual_seed(2)
    return [(torch.randn(5, 6),), (torch.randn(5, 6) * 3 + 1,), (torch.randn(9, 6),)]
