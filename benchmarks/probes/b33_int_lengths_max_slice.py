import torch
import torch.nn as nn


class PackedEncoder(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def trim(self, x, lengths):
        longest = int(lengths.max())  # breaks: compile,export,trace
        return x[:, :longest]

    def forward(self, x, lengths):
        x = self.trim(x, lengths)
        return self.fc(x).sum(dim=1)


Model = PackedEncoder


def inputs():
    torch.manual_seed(349)
    x = torch.randn(3, 8, 6)
    return [(x, torch.tensor([5, 3, 2])), (x, torch.tensor([8, 7, 1]))]
