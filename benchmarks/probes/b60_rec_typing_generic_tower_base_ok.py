# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass
from typing import Generic, TypeVar

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class UserFeatures:
    n_users: int = 200
    dim: int = 16


@dataclass
class ItemFeatures:
    n_items: int = 300
    n_cats: int = 12
    dim: int = 16


CfgT = TypeVar("CfgT")


class Tower(nn.Module, Generic[CfgT]):
    """Base class of the retrieval towers: a typed config and a shared output projection."""

    def __init__(self, cfg: CfgT, in_dim: int, out_dim: int = 16):
        super().__init__()
        self.cfg = cfg
        self.proj = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU(), nn.Linear(32, out_dim))

    def project(self, h: torch.Tensor) -> torch.Tensor:
        return F.normalize(self.proj(h), dim=-1)


class UserTower(Tower[UserFeatures]):
    def __init__(self, cfg: UserFeatures):
        super().__init__(cfg, cfg.dim)
        self.emb = nn.Embedding(cfg.n_users, cfg.dim)

    def forward(self, user_ids: torch.Tensor) -> torch.Tensor:
        return self.project(self.emb(user_ids))


class ItemTower(Tower[ItemFeatures]):
    def __init__(self, cfg: ItemFeatures):
        super().__init__(cfg, 2 * cfg.dim)
        self.item = nn.Embedding(cfg.n_items, cfg.dim)
        self.cat = nn.Embedding(cfg.n_cats, cfg.dim)

    def forward(self, item_ids: torch.Tensor, cat_ids: torch.Tensor) -> torch.Tensor:
        return self.project(torch.cat([self.item(item_ids), self.cat(cat_ids)], -1))


class Model(nn.Module):
    """Two-tower retrieval model scoring every user against every candidate in the batch."""

    def __init__(self):
        super().__init__()
        self.users = UserTower(UserFeatures())
        self.items = ItemTower(ItemFeatures())
        self.log_temp = nn.Parameter(torch.tensor(2.0))

    def forward(self, user_ids: torch.Tensor, item_ids: torch.Tensor, cat_ids: torch.Tensor) -> torch.Tensor:
        u = self.users(user_ids)
        v = self.items(item_ids, cat_ids)
        return u @ v.t() * self.log_temp.exp()


def inputs():
    torch.manual_seed(6016)
    a = (torch.randint(0, 200, (4,)), torch.randint(0, 300, (6,)), torch.randint(0, 12, (6,)))
    b = (torch.randint(0, 200, (3,)), torch.randint(0, 300, (9,)), torch.randint(0, 12, (9,)))
    return [a, b]
