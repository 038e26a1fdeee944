import torch
from torch import nn


class StableLogSoftmaxHead(nn.Module):
    def __init__(self, dim=10, classes=6):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, x):
        logits = self.fc(x)
        if logits.element_size() < 4:
            logits = logits.float()
        return torch.log_softmax(logits, dim=-1)


Model = StableLogSoftmaxHead


def inputs():
    torch.manual_seed(30)
    return [(torch.randn(3, 10),), (torch.randn(8, 10) * 3,)]
