import numpy as np
import torch
from torch import nn


def postprocess(logits, low: float = -2.0, high: float = 2.0):
    arr = logits.detach().cpu().numpy()  # breaks: export,trace
    arr = np.clip(arr, low, high)
    return torch.from_numpy(arr)


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, 4)

    def forward(self, x):
        return postprocess(self.fc(x) * 3)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(2, 8),)]
