import torch
import torch.nn as nn
import torch.nn.functional as F


class DistillWrapper(nn.Module):
    def __init__(self, dim=8, classes=4):
        super().__init__()
        self.student = nn.Linear(dim, classes)
        self.teacher = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, classes))
        self.T = 2.0

    def forward(self, x):
        with torch.no_grad():
            soft = F.softmax(self.teacher(x) / self.T, dim=-1)
        logp = F.log_softmax(self.student(x) / self.T, dim=-1)
        return (soft * (soft.clamp_min(1e-8).log() - logp)).sum(-1)


Model = DistillWrapper


def inputs():
    torch.manual_seed(3425)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
