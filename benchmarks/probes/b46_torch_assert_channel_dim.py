# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SqueezeExcite(nn.Module):
    def __init__(self, channels=8, reduction=4):
        super().__init__()
        self.channels = channels
        self.fc1 = nn.Conv2d(channels, channels // reduction, 1)
        self.fc2 = nn.Conv2d(channels // reduction, channels, 1)

    def forward(self, x):
        torch._assert(x.dim() == 4, "expected NCHW input")
        torch._assert(x.shape[1] == self.channels, "channel mismatch")
        s = x.mean((2, 3), keepdim=True)
        return x * torch.sigmoid(self.fc2(torch.relu(self.fc1(s))))


Model = SqueezeExcite


def inputs():
    torch.manual_seed(4613)
    return [(torch.randn(2, 8, 5, 5),), (torch.randn(1, 8, 3, 7),)]
