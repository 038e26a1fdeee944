# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Stem(nn.Module):
    def __init__(self, ch: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(3, ch, 3, padding=1)
        self.bn = nn.BatchNorm2d(ch)
        self.act = nn.ReLU()
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        for name, layer in self.named_children():
            if name == "drop" and not self.training:
                continue
            x = layer(x)
        return x


Model = Stem


def inputs():
    torch.manual_seed(2208)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(1, 3, 5, 7),)]
