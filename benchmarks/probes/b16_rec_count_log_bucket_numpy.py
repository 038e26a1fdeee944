import numpy as np
import torch
from torch import nn


class CountFeatureBucketizer(nn.Module):
    """Log-bucketises raw click counts before an embedding lookup."""

    def __init__(self, n_buckets: int = 12, dim: int = 8):
        super().__init__()
        self.n_buckets = n_buckets
        self.embed = nn.Embedding(n_buckets, dim)

    def bucket_ids(self, counts):
        logs = np.floor(np.log1p(counts.cpu().numpy()) * 2)  # breaks: export,trace
        ids = np.clip(logs, 0, self.n_buckets - 1).astype(np.int64)
        return torch.from_numpy(ids)

    def forward(self, counts):
        return self.embed(self.bucket_ids(counts))


class Model(nn.Module):
    def __init__(self, n_count_feats: int = 3, dim: int = 8):
        super().__init__()
        self.counts = CountFeatureBucketizer(dim=dim)
        self.user = nn.Embedding(20, dim)
        self.mlp = nn.Sequential(nn.Linear(dim * (n_count_feats + 1), 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, user_id, counts):
        feats = torch.cat([self.user(user_id).unsqueeze(1), self.counts(counts)], dim=1)
        return self.mlp(feats.flatten(1)).squeeze(-1)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randint(0, 20, (4,)), torch.randint(0, 500, (4, 3)).float()),
        (torch.randint(0, 20, (4,)), torch.randint(0, 500, (4, 3)).float()),
    ]
