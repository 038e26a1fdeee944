import torch
from torch import nn


class SummarizingHead(nn.Module):
    def __init__(self, dim=8, classes=3):
        super().__init__()
        self.fc = nn.Linear(dim, classes)
        self.last_summary = ""

    def forward(self, x):
        logits = self.fc(x)
        self.last_summary = f"max logit {logits.max():.3f}"  # breaks: export
        return logits.log_softmax(-1)


Model = SummarizingHead


def inputs():
    torch.manual_seed(22)
    return [(torch.randn(2, 8),), (torch.randn(6, 8) * 2,)]
