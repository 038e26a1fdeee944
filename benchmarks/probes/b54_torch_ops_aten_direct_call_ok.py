# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class AtenGeluMLP(nn.Module):
    """NLP: a feed-forward block that calls the aten GELU overload directly through torch.ops."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.fc1 = nn.Linear(d, 4 * d)
        self.fc2 = nn.Linear(4 * d, d)

    def forward(self, x):
        h = torch.ops.aten.gelu(self.fc1(x), approximate="tanh")
        return x + self.fc2(h)


Model = AtenGeluMLP


def inputs():
    torch.manual_seed(5422)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
