import torch
import torch.nn as nn


class ConvNormAct(nn.Module):
    def __init__(self, cin=4, cout=8, norm="group"):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, 3, padding=1)
        self.norm = nn.GroupNorm(2, cout) if norm == "group" else nn.LayerNorm(cout)

    def forward(self, x):
        y = self.conv(x)
        if type(self.norm).__name__ == "LayerNorm":
            y = self.norm(y.transpose(1, 2)).transpose(1, 2)
        else:
            y = self.norm(y)
        return torch.relu(y)


Model = ConvNormAct


def inputs():
    torch.manual_seed(107)
    return [(torch.randn(2, 4, 10),), (torch.randn(3, 4, 10),)]
