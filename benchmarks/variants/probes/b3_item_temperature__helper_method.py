import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.log_temp = nn.Parameter(torch.tensor(0.5))

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        temp = self.log_temp.exp().item()  # breaks: compile
        logits = self.fc(x) / temp
        return logits.softmax(-1)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
