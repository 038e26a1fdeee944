# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MetricEmbedder(nn.Module):
    """Metric learning: triplet loss with a custom cosine distance passed as a lambda."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.enc = nn.Linear(d, 6)

    def forward(self, anchor, positive, negative):
        a, p, n = self.enc(anchor), self.enc(positive), self.enc(negative)
        return F.triplet_margin_with_distance_loss(
            a, p, n,
            distance_function=lambda u, v: 1.0 - F.cosine_similarity(u, v),
            margin=0.3,
            reduction="none",
        )


Model = MetricEmbedder


def inputs():
    torch.manual_seed(5412)
    return [
        (torch.randn(4, 8), torch.randn(4, 8), torch.randn(4, 8)),
        (torch.randn(6, 8), torch.randn(6, 8), torch.randn(6, 8)),
    ]
