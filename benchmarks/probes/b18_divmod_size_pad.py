import torch
import torch.nn as nn
import torch.nn.functional as F


class PatchEmbed1d(nn.Module):
    def __init__(self, ch=3, dim=8, patch=4):
        super().__init__()
        self.patch = patch
        self.proj = nn.Conv1d(ch, dim, patch, stride=patch)

    def forward(self, x):
        _, rem = divmod(x.size(-1), self.patch)  # breaks: compile,trace
        if rem:
            x = F.pad(x, (0, self.patch - rem))
        return self.proj(x).transpose(1, 2)


def inputs():
    torch.manual_seed(11)
    return [(torch.randn(2, 3, 16),), (torch.randn(2, 3, 18),), (torch.randn(1, 3, 21),)]


Model = PatchEmbed1d
