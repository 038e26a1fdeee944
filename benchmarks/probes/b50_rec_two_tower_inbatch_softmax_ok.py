# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List, Optional

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class Tower(nn.Module):
    def __init__(self, vocab_sizes: List[int], emb_dim: int = 8, hidden: List[int] = [32, 16]):
        super().__init__()
        self.embeddings = nn.ModuleList(nn.Embedding(v, emb_dim) for v in vocab_sizes)
        layers: List[nn.Module] = []
        in_dim = emb_dim * len(vocab_sizes)
        for h in hidden:
            layers += [nn.Linear(in_dim, h), nn.ReLU()]
            in_dim = h
        self.mlp = nn.Sequential(*layers[:-1])

    def forward(self, ids: Tensor) -> Tensor:
        embs = [emb(ids[:, i]) for i, emb in enumerate(self.embeddings)]
        return F.normalize(self.mlp(torch.cat(embs, dim=-1)), dim=-1)


class TwoTower(nn.Module):
    def __init__(self, temperature: float = 0.05, remove_accidental_hits: bool = True):
        super().__init__()
        self.user_tower = Tower([20, 5, 7])
        self.item_tower = Tower([30, 6])
        self.temperature = temperature
        self.remove_accidental_hits = remove_accidental_hits

    def forward(self, user_ids: Tensor, item_ids: Tensor, item_log_q: Optional[Tensor] = None) -> Dict[str, Tensor]:
        u = self.user_tower(user_ids)
        v = self.item_tower(item_ids)
        logits = u @ v.t() / self.temperature
        if item_log_q is not None:
            logits = logits - item_log_q.unsqueeze(0)
        labels = torch.arange(logits.size(0), device=logits.device)
        if self.remove_accidental_hits:
            same = item_ids[:, 0].unsqueeze(0) == item_ids[:, 0].unsqueeze(1)
            same = same & ~torch.eye(logits.size(0), dtype=torch.bool, device=logits.device)
            logits = logits.masked_fill(same, torch.finfo(logits.dtype).min)
        loss = F.cross_entropy(logits, labels)
        return {"loss": loss, "scores": logits.diagonal()}


Model = TwoTower


def inputs():
    torch.manual_seed(5009)
    return [
        (torch.stack([torch.randint(0, 5, (4,)), torch.randint(0, 5, (4,)), torch.randint(0, 7, (4,))], 1), torch.stack([torch.randint(0, 30, (4,)), torch.randint(0, 6, (4,))], 1), None),
        (torch.stack([torch.randint(0, 20, (6,)), torch.randint(0, 5, (6,)), torch.randint(0, 7, (6,))], 1), torch.tensor([[1, 2], [1, 3], [4, 0], [5, 5], [4, 1], [9, 2]]), torch.randn(6)),
    ]
