# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Normalize(nn.Module):
    def __init__(self, mean=(0.485, 0.456, 0.406), std=(0.229, 0.224, 0.225)):
        super().__init__()
        self.mean = mean
        self.std = std

    def forward(self, img):
        m = torch.tensor(self.mean, dtype=img.dtype).view(1, -1, 1, 1)
        s = torch.tensor(self.std, dtype=img.dtype).view(1, -1, 1, 1)
        return (img - m) / s


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = Normalize()
        self.stem = nn.Conv2d(3, 4, 3)

    def forward(self, img):
        return self.stem(self.norm(img))


def inputs():
    torch.manual_seed(0)
    return [(torch.rand(1, 3, 8, 8),), (torch.rand(2, 3, 6, 10),)]
