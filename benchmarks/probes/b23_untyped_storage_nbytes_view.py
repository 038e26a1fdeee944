import torch
import torch.nn as nn


class CompactLinear(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def _compact(self, t):
        used = t.numel() * t.element_size()
        if t.untyped_storage().nbytes() > used:  # breaks: compile
            t = t.clone()
        return t

    def forward(self, x):
        x = self._compact(x[:, ::2])
        return self.fc(x)


Model = CompactLinear


def inputs():
    torch.manual_seed(2)
    return [(torch.randn(3, 16),), (torch.randn(5, 16) * 2,)]
