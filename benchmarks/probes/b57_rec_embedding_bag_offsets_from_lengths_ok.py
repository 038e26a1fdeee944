# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class BagOfItemsCTR(nn.Module):
    """Recsys: a user's clicked-item history as a ragged bag; offsets come from the per-user
    lengths by an exclusive cumsum, all on tensors."""

    def __init__(self, n_items: int = 50, d: int = 8):
        super().__init__()
        self.bag = nn.EmbeddingBag(n_items, d, mode="mean")
        self.mlp = nn.Sequential(nn.Linear(d, 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, flat_ids, lengths):
        offsets = torch.cumsum(lengths, 0) - lengths
        user = self.bag(flat_ids, offsets)
        return torch.sigmoid(self.mlp(user)).squeeze(-1)


Model = BagOfItemsCTR


def inputs():
    torch.manual_seed(5702)
    l1 = torch.tensor([2, 3, 1])
    l2 = torch.tensor([1, 4, 2, 2])
    return [
        (torch.randint(0, 50, (int(l1.sum()),)), l1),
        (torch.randint(0, 50, (int(l2.sum()),)), l2),
    ]
