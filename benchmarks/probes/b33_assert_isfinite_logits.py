import torch
import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self, dim=10, classes=5):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, classes))

    def forward(self, x):
        logits = self.body(x)
        assert torch.isfinite(logits).all(), "non-finite logits"  # breaks: export
        return logits.log_softmax(dim=-1)


Model = Classifier


def inputs():
    torch.manual_seed(354)
    return [(torch.randn(3, 10),), (torch.randn(6, 10) * 4,)]
