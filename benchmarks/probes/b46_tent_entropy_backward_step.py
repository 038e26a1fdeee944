# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Tent(nn.Module):
    """Test-time entropy minimisation: every forward adapts the norm affine params."""

    def __init__(self, dim=6, classes=4, lr=1e-3):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, classes)
        self.lr = lr

    def forward(self, x):
        logits = self.fc(self.norm(x))
        ent = -(logits.softmax(1) * logits.log_softmax(1)).sum(1).mean()
        ent.backward()
        with torch.no_grad():
            for p in self.norm.parameters():
                p -= self.lr * p.grad
                p.grad = None
        self.fc.zero_grad()
        return logits.detach()


Model = Tent


def inputs():
    torch.manual_seed(4619)
    return [(torch.randn(3, 6),), (torch.randn(5, 6),)]
