# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ClusterMeans(nn.Module):
    """Per-cluster mean of point features, accumulated with index_put_."""

    def __init__(self, num_clusters=4, dim=6):
        super().__init__()
        self.num_clusters = num_clusters
        self.proj = nn.Linear(dim, dim)

    def forward(self, feats, assign):
        h = self.proj(feats)
        sums = h.new_zeros(self.num_clusters, h.size(1))
        counts = h.new_zeros(self.num_clusters)
        sums.index_put_((assign,), h, accumulate=True)
        counts.index_put_((assign,), torch.ones_like(assign, dtype=h.dtype), accumulate=True)
        return sums / counts.clamp(min=1).unsqueeze(1)


Model = ClusterMeans


def inputs():
    torch.manual_seed(4604)
    return [
        (torch.randn(10, 6), torch.randint(0, 4, (10,))),
        (torch.randn(7, 6), torch.tensor([0, 0, 1, 3, 3, 3, 1])),
    ]
