# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class EntityEncoder(nn.Module):
    """Entity embedding plus a projection of its type, combined through a gate."""

    def __init__(self, n_ent: int, n_types: int, dim: int):
        super().__init__()
        self.ent = nn.Embedding(n_ent, dim)
        self.typ = nn.Embedding(n_types, dim)
        self.gate = nn.Linear(2 * dim, dim)

    def forward(self, ent: torch.Tensor, typ: torch.Tensor) -> torch.Tensor:
        e, t = self.ent(ent), self.typ(typ)
        g = torch.sigmoid(self.gate(torch.cat([e, t], -1)))
        return g * e + (1 - g) * t


def all_pairs(heads: torch.Tensor, tails: torch.Tensor):
    """Flatten every (head, tail) pair: (B, H, D) x (B, T, D) -> two (B*H*T, D) matrices."""
    b, h, d = heads.shape
    t = tails.shape[1]
    hh = heads.unsqueeze(2).expand(b, h, t, d).reshape(-1, d)
    tt = tails.unsqueeze(1).expand(b, h, t, d).reshape(-1, d)
    return hh, tt


class Model(nn.Module):
    """Document-level relation extraction head: bilinear relation logits for all entity pairs,
    with the diagonal (an entity with itself) masked out."""

    def __init__(self, n_ent: int = 100, n_types: int = 6, dim: int = 16, n_rel: int = 5):
        super().__init__()
        self.enc = EntityEncoder(n_ent, n_types, dim)
        self.head_proj = nn.Linear(dim, dim)
        self.tail_proj = nn.Linear(dim, dim)
        self.rel = nn.Bilinear(dim, dim, n_rel)

    def forward(self, ents: torch.Tensor, types: torch.Tensor) -> torch.Tensor:
        z = self.enc(ents, types)
        hs = torch.tanh(self.head_proj(z))
        ts = torch.tanh(self.tail_proj(z))
        hh, tt = all_pairs(hs, ts)
        n = ents.shape[1]
        logits = self.rel(hh, tt).view(ents.shape[0], n, n, -1)
        eye = torch.eye(n, dtype=torch.bool, device=ents.device)
        return logits.masked_fill(eye[None, :, :, None], -1e4)


def inputs():
    torch.manual_seed(6222)
    return [
        (torch.randint(0, 100, (2, 5)), torch.randint(0, 6, (2, 5))),
        (torch.randint(0, 100, (3, 8)), torch.randint(0, 6, (3, 8))),
    ]
