import torch
from torch import nn
from torch.func import functional_call


class Model(nn.Module):
    def __init__(self, dim=8, keep=0.5):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.keep = keep

    def forward(self, x):
        w = self.fc.weight
        thresh = w.abs().flatten().kthvalue(int(w.numel() * (1 - self.keep))).values
        pruned = {"weight": w * (w.abs() > thresh), "bias": self.fc.bias}
        return functional_call(self.fc, pruned, (x,))  # breaks: trace


def inputs():
    torch.manual_seed(18)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
