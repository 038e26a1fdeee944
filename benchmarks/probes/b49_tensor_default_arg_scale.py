# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TemperatureSoftmax(nn.Module):
    def __init__(self, dim=8, classes=5):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, x, temperature=torch.tensor(2.0)):
        return (self.fc(x) / temperature).log_softmax(-1)


Model = TemperatureSoftmax


def inputs():
    torch.manual_seed(4922)
    return [(torch.randn(2, 8),), (torch.randn(3, 8), torch.tensor(0.5))]
