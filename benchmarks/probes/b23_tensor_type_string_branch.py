import torch
import torch.nn as nn


class PrecisionAwareNorm(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        if x.type() != "torch.FloatTensor":
            x = x.float()
        return self.norm(x) * 2.0


Model = PrecisionAwareNorm


def inputs():
    torch.manual_seed(18)
    return [(torch.randn(3, 8),), (torch.randn(5, 8) * 4,)]
