# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class SegNetStage(nn.Module):
    """SegNet: max-pool indices from the encoder drive nn.MaxUnpool2d in the decoder."""

    def __init__(self, c_in: int = 3, c: int = 6, classes: int = 4):
        super().__init__()
        self.enc = nn.Conv2d(c_in, c, 3, padding=1)
        self.pool = nn.MaxPool2d(2, 2, return_indices=True)
        self.mid = nn.Conv2d(c, c, 3, padding=1)
        self.unpool = nn.MaxUnpool2d(2, 2)
        self.dec = nn.Conv2d(c, classes, 3, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        h = torch.relu(self.enc(x))
        p, idx = self.pool(h)
        p = torch.relu(self.mid(p))
        u = self.unpool(p, idx, output_size=h.size())
        return self.dec(u)


Model = SegNetStage


def inputs():
    torch.manual_seed(5217)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 7, 9),)]
