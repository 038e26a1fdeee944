import functools

import torch
import torch.nn as nn


def forward_iteration(f, x0, max_iter=50, tol=1e-3):
    f0 = f(x0)
    for _ in range(max_iter):
        x = f0
        f0 = f(x)
        res = (f0 - x).norm().item() / (1e-5 + f0.norm().item())
        if res < tol:
            break
    return f0


class ResNetLayer(nn.Module):
    def __init__(self, ch=8, inner=16):
        super().__init__()
        self.conv1 = nn.Conv2d(ch, inner, 3, padding=1, bias=False)
        self.conv2 = nn.Conv2d(inner, ch, 3, padding=1, bias=False)
        self.norm1, self.norm2, self.norm3 = nn.GroupNorm(4, inner), nn.GroupNorm(4, ch), nn.GroupNorm(4, ch)
        for conv in (self.conv1, self.conv2):
            conv.weight.data.normal_(0, 0.01)

    def forward(self, z, x):
        y = self.norm1(torch.relu(self.conv1(z)))
        return self.norm3(torch.relu(z + self.norm2(x + self.conv2(y))))


class DEQFixedPoint(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1)
        self.f = ResNetLayer()
        self.solver = functools.partial(forward_iteration, max_iter=30, tol=1e-4)
        self.head = nn.Linear(8, 4)

    def forward(self, img):
        x = self.stem(img)
        with torch.no_grad():
            z = self.solver(lambda z: self.f(z, x), torch.zeros_like(x))
        z = self.f(z, x)
        return self.head(z.mean(dim=(2, 3)))


Model = DEQFixedPoint


def inputs():
    torch.manual_seed(3521)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(3, 3, 10, 10),)]
