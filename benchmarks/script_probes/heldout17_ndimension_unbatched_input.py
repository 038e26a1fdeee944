# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(4, 6, 3, padding=1)

    def forward(self, x):
        squeeze = x.ndimension() == 2
        if squeeze:
            x = x.unsqueeze(0)
        y = torch.relu(self.conv(x))
        return y.squeeze(0) if squeeze else y


Model = Encoder


def inputs():
    torch.manual_seed(5)
    return [(torch.randn(2, 4, 10),), (torch.randn(4, 7),)]
