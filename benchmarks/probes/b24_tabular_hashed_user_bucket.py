from dataclasses import dataclass, field
from typing import Dict

import torch
from torch import nn, Tensor


@dataclass
class TabularConfig:
    cardinalities: Dict[str, int] = field(default_factory=lambda: {"store": 7, "dow": 7, "promo": 2})
    num_numeric: int = 3
    hidden: int = 16
    user_buckets: int = 11


def emb_dim_rule(n_cat: int) -> int:
    return min(8, round(1.6 * n_cat ** 0.56))


def hash_bucket(value: int, num_buckets: int) -> int:
    return (value * 2654435761) % 2 ** 32 % num_buckets


class Model(nn.Module):
    def __init__(self, cfg: TabularConfig = TabularConfig()):
        super().__init__()
        self.columns = list(cfg.cardinalities)
        self.embeds = nn.ModuleDict(
            {name: nn.Embedding(card + 1, emb_dim_rule(card)) for name, card in cfg.cardinalities.items()}
        )
        self.user_buckets = cfg.user_buckets
        self.user_embed = nn.Embedding(cfg.user_buckets, 4)
        emb_total = sum(e.embedding_dim for e in self.embeds.values()) + 4
        self.bn_num = nn.BatchNorm1d(cfg.num_numeric)
        self.mlp = nn.Sequential(nn.Linear(emb_total + cfg.num_numeric, cfg.hidden), nn.ReLU(), nn.Linear(cfg.hidden, 1))

    @property
    def n_cat(self) -> int:
        return len(self.columns)

    def forward(self, x_cat: Tensor, x_num: Tensor, user_id: Tensor) -> Tensor:
        embs = [self.embeds[name](x_cat[:, i]) for i, name in enumerate(self.columns)]
        buckets = [hash_bucket(u, self.user_buckets) for u in user_id.tolist()]  # breaks: compile,trace
        embs.append(self.user_embed(torch.tensor(buckets, device=user_id.device)))
        h = torch.cat(embs + [self.bn_num(x_num)], dim=1)
        return self.mlp(h).squeeze(-1)


def inputs():
    torch.manual_seed(250)
    return [
        (torch.randint(0, 3, (5, 3)), torch.randn(5, 3), torch.randint(0, 10**6, (5,))),
        (torch.randint(0, 3, (5, 3)), torch.randn(5, 3) * 2, torch.randint(0, 10**6, (5,))),
        (torch.randint(0, 3, (9, 3)), torch.randn(9, 3), torch.randint(0, 10**6, (9,))),
    ]
