import torch
from torch import nn
import torch.nn.functional as F
from dataclasses import dataclass


@dataclass
class TowerConfig:
    n_ids: int = 100
    emb_dim: int = 16
    hidden: tuple = (32, 16)
    temperature: float = 0.05


class Tower(nn.Module):
    def __init__(self, cfg: TowerConfig, n_feats: int):
        super().__init__()
        self.emb = nn.EmbeddingBag(cfg.n_ids, cfg.emb_dim, mode="mean")
        dims = [cfg.emb_dim + n_feats, *cfg.hidden]
        self.mlp = nn.Sequential(*[m for a, b in zip(dims, dims[1:]) for m in (nn.Linear(a, b), nn.ReLU())][:-1])

    def forward(self, ids, dense):
        return F.normalize(self.mlp(torch.cat([self.emb(ids), dense], -1)), dim=-1)


class Model(nn.Module):
    def __init__(self, cfg: TowerConfig = TowerConfig()):
        super().__init__()
        self.cfg = cfg
        self.user = Tower(cfg, 4)
        self.item = Tower(cfg, 3)

    def forward(self, user_ids, user_dense, item_ids, item_dense, item_logq):
        u = self.user(user_ids, user_dense)
        v = self.item(item_ids, item_dense)
        logits = u @ v.t() / self.cfg.temperature - item_logq.unsqueeze(0)
        labels = torch.arange(logits.size(0), device=logits.device)
        return F.cross_entropy(logits, labels)


def inputs():
    torch.manual_seed(15)
    def b(n):
        return (torch.randint(0, 100, (n, 3)), torch.randn(n, 4), torch.randint(0, 100, (n, 2)),
                torch.randn(n, 3), torch.rand(n).log())
    return [b(4), b(7)]
