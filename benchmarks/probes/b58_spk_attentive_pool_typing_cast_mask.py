# ruff: noqa  (a probe is written as users write models)
from typing import Optional, cast

import torch
import torch.nn as nn
from torch import Tensor


class AttentiveStatsPool(nn.Module):
    """Attentive statistics pooling (x-vector / ECAPA style): attention-weighted mean and
    standard deviation over frames, padding frames excluded when a mask is given."""

    def __init__(self, c: int, bottleneck: int = 16, masked: bool = True):
        super().__init__()
        self.masked = masked
        self.att = nn.Sequential(nn.Conv1d(c, bottleneck, 1), nn.Tanh(), nn.Conv1d(bottleneck, c, 1))

    def forward(self, x: Tensor, mask: Optional[Tensor] = None) -> Tensor:
        logits = self.att(x)
        if self.masked and mask is not None:
            m = cast(Tensor, mask)  # narrowed for the type checker
            logits = logits.masked_fill(~m.unsqueeze(1), -1e4)
        w = logits.softmax(dim=-1)
        mu = (w * x).sum(-1)
        var = (w * x * x).sum(-1) - mu * mu
        return torch.cat([mu, var.clamp_min(1e-5).sqrt()], dim=1)


def lengths_to_mask(lengths: Tensor, t: int) -> Tensor:
    return torch.arange(t, device=lengths.device)[None, :] < lengths[:, None]


class Model(nn.Module):
    """Speaker embedding extractor: TDNN layers over filterbank frames, attentive pooling,
    linear embedding."""

    def __init__(self):
        super().__init__()
        self.tdnn = nn.Sequential(
            nn.Conv1d(20, 32, 5, padding=2), nn.ReLU(), nn.BatchNorm1d(32),
            nn.Conv1d(32, 32, 3, padding=2, dilation=2), nn.ReLU(), nn.BatchNorm1d(32),
        )
        self.pool = AttentiveStatsPool(32)
        self.embed = nn.Linear(64, 24)

    def forward(self, feats: Tensor, lengths: Tensor) -> Tensor:
        h = self.tdnn(feats)
        mask = lengths_to_mask(lengths, h.shape[-1])
        return self.embed(self.pool(h, mask))


def inputs():
    torch.manual_seed(5825)
    return [
        (torch.randn(3, 20, 40), torch.tensor([40, 31, 22])),
        (torch.randn(2, 20, 57), torch.tensor([57, 45])),
    ]
