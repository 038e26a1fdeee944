# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PredictedClassBalance(nn.Module):
    """Appends the batch's predicted-class histogram (bincount, minlength=n_cls) to each row."""

    def __init__(self, d=6, n_cls=5):
        super().__init__()
        self.n_cls = n_cls
        self.cls = nn.Linear(d, n_cls)
        self.mix = nn.Linear(d + n_cls, n_cls)

    def forward(self, x):
        pred = self.cls(x).argmax(dim=-1)
        hist = torch.bincount(pred, minlength=self.n_cls).float() / x.size(0)
        feats = torch.cat([x, hist.expand(x.size(0), -1)], dim=-1)
        return self.mix(feats)


Model = PredictedClassBalance


def inputs():
    torch.manual_seed(4217)
    return [(torch.randn(6, 6),), (torch.randn(6, 6) * 3,), (torch.randn(4, 6),)]
