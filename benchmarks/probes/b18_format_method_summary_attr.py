import torch
import torch.nn as nn


class ActivationMonitor(nn.Module):
    def __init__(self, dim=12):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.summary = ""

    def forward(self, x):
        h = torch.relu(self.fc(x))
        self.summary = "mean={:.4f} sparsity={:.2f}".format(h.mean(), (h == 0).float().mean())  # breaks: export
        return h


def inputs():
    torch.manual_seed(20)
    return [(torch.randn(3, 12),), (torch.randn(7, 12),)]


Model = ActivationMonitor
