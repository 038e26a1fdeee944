# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ShardedEmbeddingOffset(nn.Module):
    """Adds a per-device shard offset to token ids before a shared embedding lookup."""

    def __init__(self, vocab: int = 32, dim: int = 8, shard_size: int = 4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.shard_size = shard_size

    def forward(self, ids: Tensor) -> Tensor:
        shard = ids.device.index
        if shard is None:
            shard = 0
        return self.embed(ids + shard * self.shard_size)


Model = ShardedEmbeddingOffset


def inputs():
    torch.manual_seed(3802)
    return [(torch.randint(0, 28, (2, 5)),), (torch.randint(0, 28, (1, 3)),)]
