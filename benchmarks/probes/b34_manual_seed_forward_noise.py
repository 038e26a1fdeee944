import torch
import torch.nn as nn


class NoisyStudent(nn.Module):
    def __init__(self, dim=8, sigma=0.05, seed=1234):
        super().__init__()
        self.net = nn.Linear(dim, dim)
        self.sigma, self.seed = sigma, seed

    def forward(self, x):
        torch.manual_seed(self.seed)
        noise = torch.randn_like(x) * self.sigma
        return self.net(x + noise)


Model = NoisyStudent


def inputs():
    torch.manual_seed(3419)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
