import torch
import torch.nn as nn


class NormPenaltyHead(nn.Module):
    def __init__(self, dim=8, classes=3):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, x):
        logits = self.fc(x)
        penalty = sum(row.norm() for row in logits) / len(logits)  # breaks: trace
        return logits, penalty


Model = NormPenaltyHead


def inputs():
    torch.manual_seed(357)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
