# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.utils.prune as prune


class PrunedClassifier(nn.Module):
    """Model compression: L1-unstructured pruning keeps weight_orig and a mask; a forward pre-hook rebuilds weight."""

    def __init__(self, d: int = 10, n_cls: int = 4):
        super().__init__()
        self.fc1 = nn.Linear(d, 16)
        self.fc2 = nn.Linear(16, n_cls)
        prune.l1_unstructured(self.fc1, name="weight", amount=0.5)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


Model = PrunedClassifier


def inputs():
    torch.manual_seed(5404)
    return [(torch.randn(3, 10),), (torch.randn(5, 2, 10),)]
