import torch
from torch import nn


class LengthRegulator(nn.Module):
    def forward(self, h, durations):
        out = []
        for seq, d in zip(h, durations):  # breaks: trace
            out.append(torch.repeat_interleave(seq, d, dim=0))  # breaks: compile
        return nn.utils.rnn.pad_sequence(out, batch_first=True)


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.reg = LengthRegulator()

    def forward(self, h, durations):
        return self.reg(self.proj(h), durations)


def inputs():
    return [
        (torch.randn(2, 3, 8), torch.tensor([[1, 2, 1], [2, 2, 0]])),
        (torch.randn(2, 3, 8), torch.tensor([[3, 1, 2], [1, 1, 1]])),
        (torch.randn(3, 3, 8), torch.tensor([[1, 1, 1], [2, 0, 1], [0, 3, 1]])),
    ]
