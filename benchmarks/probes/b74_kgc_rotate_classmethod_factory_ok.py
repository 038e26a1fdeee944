# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class RotatE(nn.Module):
    """RotatE: relations are rotations in the complex plane; score = -|h * r - t|."""

    def __init__(self, n_ent: int, n_rel: int, dim: int, margin: float):
        super().__init__()
        self.margin = margin
        self.ent = nn.Embedding(n_ent, 2 * dim)
        self.phase = nn.Embedding(n_rel, dim)
        nn.init.uniform_(self.phase.weight, -math.pi, math.pi)

    @classmethod
    def from_sizes(cls, sizes: dict) -> "RotatE":
        return cls(sizes.get("entities", 10), sizes.get("relations", 3), sizes.get("dim", 4), 6.0)

    def forward(self, h: torch.Tensor, r: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        h_re, h_im = self.ent(h).chunk(2, dim=-1)
        t_re, t_im = self.ent(t).chunk(2, dim=-1)
        ph = self.phase(r)
        r_re, r_im = torch.cos(ph), torch.sin(ph)
        re = h_re * r_re - h_im * r_im - t_re
        im = h_re * r_im + h_im * r_re - t_im
        return self.margin - torch.sqrt(re * re + im * im + 1e-9).sum(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.kge = RotatE.from_sizes({"entities": 12, "relations": 4})

    def forward(self, h: torch.Tensor, r: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        return self.kge(h, r, t)


def inputs():
    torch.manual_seed(7423)
    return [
        (torch.tensor([0, 3, 5]), torch.tensor([1, 0, 2]), torch.tensor([4, 4, 11])),
        (torch.tensor([7, 2]), torch.tensor([3, 3]), torch.tensor([1, 9])),
    ]
