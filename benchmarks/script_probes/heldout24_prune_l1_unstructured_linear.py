# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.utils.prune as prune


class PrunedMLP(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.fc1 = nn.Linear(dim, 8)
        self.fc2 = nn.Linear(8, 2)
        prune.l1_unstructured(self.fc1, name="weight", amount=0.5)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


Model = PrunedMLP


def inputs():
    torch.manual_seed(2427)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
