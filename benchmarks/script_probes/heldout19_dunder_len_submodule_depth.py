# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, dim: int = 6, depth: int = 3):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])

    def __len__(self) -> int:
        return len(self.layers)

    def forward(self, x):
        for layer in self.layers:
            x = torch.tanh(layer(x))
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()

    def forward(self, x):
        # residual scaled by depth, as in deep-norm style initialisation
        return x + self.encoder(x) / (2.0 * len(self.encoder)) ** 0.5


def inputs():
    torch.manual_seed(1915)
    return [(torch.randn(2, 6),), (torch.randn(4, 3, 6),)]
