import torch
import torch.nn as nn


class PairFoldEncoder(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.fc = nn.Linear(2 * dim, dim)

    def forward(self, x):
        b, t, c = x.shape
        pairs = x.reshape(b, t // 2, 2 * c)
        return self.fc(pairs).flatten(1)


Model = PairFoldEncoder


def inputs():
    torch.manual_seed(28)
    return [(torch.randn(2, 8, 6),), (torch.randn(3, 8, 6) * 2,)]
