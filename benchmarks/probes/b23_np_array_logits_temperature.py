import numpy as np
import torch
import torch.nn as nn


class EntropyTemperedClassifier(nn.Module):
    def __init__(self, dim=10, classes=6):
        super().__init__()
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        logits = self.head(x)
        arr = np.array(logits.detach())  # breaks: export,trace
        spread = float(arr.std(axis=-1).mean())  # breaks: compile
        return torch.log_softmax(logits / max(spread, 0.1), dim=-1)


Model = EntropyTemperedClassifier


def inputs():
    torch.manual_seed(31)
    return [(torch.randn(4, 10),), (torch.randn(4, 10) * 5,), (torch.randn(7, 10) * 0.1,)]
