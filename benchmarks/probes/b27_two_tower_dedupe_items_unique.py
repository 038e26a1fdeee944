import torch
import torch.nn as nn
import torch.nn.functional as F


class UserTower(nn.Module):
    def __init__(self, n_items, dim=16, hidden=32):
        super().__init__()
        self.history = nn.EmbeddingBag(n_items, dim, mode="mean")
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Linear(hidden, dim))

    def forward(self, hist_ids):
        return F.normalize(self.mlp(self.history(hist_ids)), dim=-1)


class ItemTower(nn.Module):
    def __init__(self, n_items, dim=16):
        super().__init__()
        self.id_emb = nn.Embedding(n_items, dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, item_ids):
        return F.normalize(self.proj(self.id_emb(item_ids)), dim=-1)


class TwoTowerRetrieval(nn.Module):
    def __init__(self, n_items=200, dim=16, temperature=0.05):
        super().__init__()
        self.user_tower = UserTower(n_items, dim)
        self.item_tower = ItemTower(n_items, dim)
        self.temperature = temperature

    @staticmethod
    def _dedupe(item_ids):
        return torch.unique(item_ids, return_inverse=True)

    def forward(self, hist_ids, pos_items):
        u = self.user_tower(hist_ids)
        uniq, target = self._dedupe(pos_items)
        v = self.item_tower(uniq)
        logits = u @ v.t() / self.temperature
        return F.cross_entropy(logits, target), logits


Model = TwoTowerRetrieval


def inputs():
    torch.manual_seed(286)
    return [
        (torch.randint(0, 200, (6, 5)), torch.tensor([3, 17, 3, 90, 17, 5])),
        (torch.randint(0, 200, (4, 5)), torch.tensor([8, 1, 2, 8])),
    ]
