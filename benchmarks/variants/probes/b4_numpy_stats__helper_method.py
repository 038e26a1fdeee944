import numpy as np
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        h = self.fc(x)
        p95 = np.percentile(h.detach().numpy(), 95)  # breaks: export,trace
        return h.clamp(max=float(p95))  # breaks: compile


def inputs():
    return [(torch.randn(4, 8),), (torch.randn(5, 8) * 3,)]
