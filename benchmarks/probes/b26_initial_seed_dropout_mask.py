import torch
import torch.nn as nn


class ConsistentDropout(nn.Module):
    """Same dropout mask for every call within a seeded run."""

    def __init__(self, dim=8, p=0.25):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.p = p

    def forward(self, x):
        g = torch.Generator().manual_seed(torch.initial_seed() % 1000)  # breaks: compile
        mask = (torch.rand(x.shape[-1], generator=g) > self.p).float()  # breaks: trace
        return self.fc(x) * mask / (1 - self.p)


Model = ConsistentDropout


def inputs():
    torch.manual_seed(19)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
