import numpy as np
import torch
from torch import nn


def model_forward(self, x):
    h = self.fc(x)
    p95 = np.percentile(h.detach().numpy(), 95)  # breaks: export,trace
    return h.clamp(max=float(p95))  # breaks: compile


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(4, 8),), (torch.randn(5, 8) * 3,)]
