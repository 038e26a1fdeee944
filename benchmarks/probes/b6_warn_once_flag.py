import warnings

import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self._warned_no_mask = False

    def _warn_once(self, msg):
        if not self._warned_no_mask:
            warnings.warn(msg, stacklevel=2)  # breaks: compile
            self._warned_no_mask = True

    def forward(self, x, attention_mask=None):
        if attention_mask is None:
            self._warn_once("no attention_mask given: attending to padding")
            attention_mask = torch.ones(x.shape[:2])
        h = self.fc(x) * attention_mask[..., None]
        return h.sum(1) / attention_mask.sum(1, keepdim=True)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()

    def forward(self, x):
        return self.encoder(x)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 5, 8),)]
