import torch
import torch.nn as nn


class LearnedPositions(nn.Module):
    def __init__(self, max_len=16, dim=8):
        super().__init__()
        self.pos = nn.Parameter(torch.randn(max_len, dim) * 0.02)
        self.max_len = max_len

    def forward(self, x):
        seq = x.shape[1]
        torch._check(seq <= self.max_len, lambda: f"sequence longer than {self.max_len}")  # breaks: compile,trace
        return x + self.pos[:seq]


Model = LearnedPositions


def inputs():
    torch.manual_seed(29)
    return [(torch.randn(2, 6, 8),), (torch.randn(3, 10, 8),)]
