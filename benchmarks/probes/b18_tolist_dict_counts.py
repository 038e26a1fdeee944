import torch
import torch.nn as nn
import torch.nn.functional as F


class BalancedClassifier(nn.Module):
    def __init__(self, dim=8, classes=4):
        super().__init__()
        self.fc = nn.Linear(dim, classes)
        self.classes = classes

    def class_weights(self, labels):
        counts = {}
        for c in labels.tolist():  # breaks: trace
            counts[c] = counts.get(c, 0) + 1  # breaks: compile,export
        w = [1.0 / counts.get(c, 1) for c in range(self.classes)]
        return torch.tensor(w)

    def forward(self, x, labels):
        logits = self.fc(x)
        return F.cross_entropy(logits, labels, weight=self.class_weights(labels))


Model = BalancedClassifier


def inputs():
    torch.manual_seed(34)
    return [
        (torch.randn(6, 8), torch.tensor([0, 0, 1, 2, 3, 3])),
        (torch.randn(6, 8), torch.tensor([1, 1, 1, 1, 2, 0])),
        (torch.randn(3, 8), torch.tensor([2, 3, 3])),
    ]
