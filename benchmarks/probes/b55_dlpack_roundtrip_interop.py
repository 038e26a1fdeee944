# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.utils.dlpack import from_dlpack, to_dlpack


class DLPackBridge(nn.Module):
    """Interop: features pass through a DLPack capsule (as when handed to another array library) and come back."""

    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(6, 6)
        self.dec = nn.Linear(6, 2)

    def forward(self, x):
        h = torch.relu(self.enc(x)).contiguous()
        h = from_dlpack(to_dlpack(h))
        return self.dec(h)


Model = DLPackBridge


def inputs():
    torch.manual_seed(5508)
    return [(torch.randn(3, 6),), (torch.randn(5, 6),)]
