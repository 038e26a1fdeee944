# ruff: noqa  (a probe is written as users write models)

import torch
import torch.nn as nn
import torch.nn.functional as F

PRIMITIVES = ["none", "skip_connect", "avg_pool_3x3", "sep_conv_3x3"]

OPS = {
    "none": lambda C, stride: Zero(stride),
    "skip_connect": lambda C, stride: nn.Identity(),
    "avg_pool_3x3": lambda C, stride: nn.AvgPool2d(3, stride=stride, padding=1, count_include_pad=False),
    "sep_conv_3x3": lambda C, stride: SepConv(C, C, 3, stride, 1),
}


class Zero(nn.Module):
    def __init__(self, stride):
        super().__init__()
        self.stride = stride

    def forward(self, x):
        return x.mul(0.0)


class SepConv(nn.Module):
    def __init__(self, C_in, C_out, kernel_size, stride, padding):
        super().__init__()
        self.op = nn.Sequential(
            nn.ReLU(inplace=False),
            nn.Conv2d(C_in, C_in, kernel_size, stride, padding, groups=C_in, bias=False),
            nn.Conv2d(C_in, C_out, 1, bias=False),
            nn.BatchNorm2d(C_out, affine=False),
        )

    def forward(self, x):
        return self.op(x)


class MixedOp(nn.Module):
    def __init__(self, C, stride):
        super().__init__()
        self._ops = nn.ModuleList(OPS[p](C, stride) for p in PRIMITIVES)

    def forward(self, x, weights):
        # sparsemax-style weights: skip the ops whose weight is exactly zero
        return sum(w * op(x) for w, op in zip(weights, self._ops) if w != 0)


def sparsemax(z, dim=-1):
    z_sorted, _ = torch.sort(z, dim=dim, descending=True)
    k = torch.arange(1, z.size(dim) + 1, dtype=z.dtype, device=z.device)
    cssv = z_sorted.cumsum(dim) - 1
    support = (k * z_sorted > cssv).to(z.dtype)
    k_z = support.sum(dim=dim, keepdim=True)
    tau = (cssv.gather(dim, k_z.long() - 1)) / k_z
    return torch.clamp(z - tau, min=0)


class SearchCell(nn.Module):
    def __init__(self, C=4, n_edges=2):
        super().__init__()
        self.stem = nn.Conv2d(3, C, 3, padding=1, bias=False)
        self.edges = nn.ModuleList(MixedOp(C, 1) for _ in range(n_edges))
        self.classifier = nn.Linear(C, 3)

    def forward(self, x, alphas):
        weights = sparsemax(alphas, dim=-1)
        h = self.stem(x)
        for edge, w in zip(self.edges, weights):
            h = edge(h, w)
        return self.classifier(h.mean(dim=(2, 3)))


Model = SearchCell


def inputs():
    torch.manual_seed(4515)
    return [
        (torch.randn(2, 3, 6, 6), torch.tensor([[0.1, 2.0, 0.5, 1.8], [1.5, 0.2, 1.4, 0.0]])),
        (torch.randn(2, 3, 6, 6), torch.tensor([[2.0, 0.1, 0.2, 0.3], [0.4, 0.5, 0.6, 0.7]])),
        (torch.randn(1, 3, 8, 8), torch.tensor([[0.0, 0.0, 3.0, 0.1], [1.0, 1.0, 1.0, 1.0]])),
    ]
