# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class NoiseAugment(nn.Module):
    def __init__(self, sigma=0.1, seed=1234):
        super().__init__()
        self.sigma = sigma
        self.seed = seed
        self.fc = nn.Linear(5, 5)

    def forward(self, x):
        gen = torch.Generator().manual_seed(self.seed)
        noise = torch.randn(x.shape, generator=gen)
        return self.fc(x + self.sigma * noise)


Model = NoiseAugment


def inputs():
    torch.manual_seed(18)
    return [(torch.randn(2, 5),), (torch.randn(3, 5),)]
