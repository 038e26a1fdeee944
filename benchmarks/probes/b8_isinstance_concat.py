import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, feats):
        if isinstance(feats, (list, tuple)):
            feats = torch.cat(list(feats), dim=-1)
        elif feats.dim() == 3:  # breaks: trace
            feats = feats.flatten(1)
        return self.fc(feats)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 2, 4),)]
