import torch
import torch.nn as nn


class MinibatchStdLayer(nn.Module):
    def __init__(self, group_size=4, num_channels=1):
        super().__init__()
        self.group_size = group_size
        self.num_channels = num_channels

    def forward(self, x):
        N, C, H, W = x.shape
        G = min(self.group_size, N)  # breaks: trace
        F = self.num_channels
        y = x.reshape(G, -1, F, C // F, H, W)
        y = (y - y.mean(dim=0)).square().mean(dim=0)
        y = (y + 1e-8).sqrt().mean(dim=[2, 3, 4])
        y = y.reshape(-1, F, 1, 1).repeat(G, 1, H, W)
        return torch.cat([x, y], dim=1)


class Model(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv = nn.Conv2d(3, ch, 3, padding=1)
        self.mbstd = MinibatchStdLayer()
        self.out = nn.Conv2d(ch + 1, 1, 4)

    def forward(self, img):
        return self.out(self.mbstd(torch.nn.functional.leaky_relu(self.conv(img), 0.2))).flatten(1)


def inputs():
    torch.manual_seed(2)
    return [(torch.randn(4, 3, 4, 4),), (torch.randn(2, 3, 4, 4) * 3,), (torch.randn(8, 3, 4, 4),)]
