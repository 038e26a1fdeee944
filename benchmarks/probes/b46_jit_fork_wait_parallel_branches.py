# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class InceptionLike(nn.Module):
    """Runs the branches asynchronously with torch.jit.fork and joins them."""

    def __init__(self, cin=4, cout=4):
        super().__init__()
        self.b1 = nn.Conv2d(cin, cout, 1)
        self.b3 = nn.Conv2d(cin, cout, 3, padding=1)
        self.b5 = nn.Conv2d(cin, cout, 5, padding=2)

    def forward(self, x):
        f1 = torch.jit.fork(self.b1, x)
        f3 = torch.jit.fork(self.b3, x)
        y5 = self.b5(x)
        return torch.cat([torch.jit.wait(f1), torch.jit.wait(f3), y5], dim=1)


Model = InceptionLike


def inputs():
    torch.manual_seed(4632)
    return [(torch.randn(1, 4, 6, 6),), (torch.randn(2, 4, 5, 7),)]
