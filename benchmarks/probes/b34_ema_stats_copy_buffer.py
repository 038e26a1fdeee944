import torch
import torch.nn as nn


class HandRolledNorm(nn.Module):
    def __init__(self, dim=6, momentum=0.1):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("mean_ema", torch.zeros(dim))
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        with torch.no_grad():
            new = (1 - self.momentum) * self.mean_ema + self.momentum * x.mean(0)
            self.mean_ema.copy_(new)
        return self.fc(x - self.mean_ema)


Model = HandRolledNorm


def inputs():
    torch.manual_seed(3411)
    return [(torch.randn(4, 6) + 2,), (torch.randn(3, 6) - 1,)]
