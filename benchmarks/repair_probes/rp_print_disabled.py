import torch
from torch import nn


@torch.compiler.disable
def log_stats(x):
    # What disable is for: output torch.compile must not trace (no fix drops it here).
    print("mean", x.mean())
    return x.mean()


class Model(nn.Module):
    def forward(self, x):
        print("in", x.shape)
        return x * log_stats(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
