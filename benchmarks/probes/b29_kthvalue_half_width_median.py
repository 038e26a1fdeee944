import torch
from torch import nn


def robust_center(x, dim=-1):
    k = (x.shape[dim] + 1) // 2
    med, _ = torch.kthvalue(x, k, dim=dim, keepdim=True)
    return x - med


class Model(nn.Module):
    def __init__(self, ch=4):
        super().__init__()
        self.conv = nn.Conv1d(ch, ch, 3, padding=1)

    def forward(self, x):
        return self.conv(robust_center(x))


def inputs():
    torch.manual_seed(13)
    return [(torch.randn(2, 4, 9),), (torch.randn(2, 4, 15),)]
