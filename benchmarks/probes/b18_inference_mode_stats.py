import torch
import torch.nn as nn


class StandardizedHead(nn.Module):
    def __init__(self, dim=10):
        super().__init__()
        self.body = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, 2)

    def forward(self, x):
        with torch.inference_mode():
            mu = x.mean(0, keepdim=True)
            sd = x.std(0, keepdim=True) + 1e-5
        h = torch.relu(self.body((x - mu) / sd))
        return self.out(h)


Model = StandardizedHead


def inputs():
    torch.manual_seed(18)
    return [(torch.randn(4, 10),), (torch.randn(8, 10) * 2,)]
