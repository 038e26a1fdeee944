import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 1, 3, padding=1)

    def forward(self, img):
        heat = torch.sigmoid(self.conv(img))[0, 0]
        ys, xs = torch.where(heat > 0.5)  # breaks: compile
        return torch.stack([ys.float().mean(), xs.float().mean()])


def inputs():
    return [(torch.randn(1, 1, 6, 6) * 3,), (torch.randn(1, 1, 6, 6) * 3,)]
