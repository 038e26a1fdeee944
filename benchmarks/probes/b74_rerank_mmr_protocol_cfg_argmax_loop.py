# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass
from typing import Protocol

import torch
import torch.nn as nn
import torch.nn.functional as F


class MMRConfig(Protocol):
    k: int
    lam: float


@dataclass
class DefaultMMR:
    k: int = 3
    lam: float = 0.7


class Model(nn.Module):
    """Maximal-marginal-relevance re-ranking: picks k documents greedily, trading relevance
    against similarity to the ones already picked."""

    def __init__(self, cfg: MMRConfig = DefaultMMR()):
        super().__init__()
        self.cfg = cfg
        self.enc = nn.Linear(6, 6)

    def forward(self, query: torch.Tensor, docs: torch.Tensor) -> torch.Tensor:
        d = F.normalize(self.enc(docs), dim=-1)
        rel = d @ F.normalize(self.enc(query), dim=-1)
        sim = d @ d.T
        picked = [int(rel.argmax())]  # breaks: compile,export,trace
        for _ in range(self.cfg.k - 1):  # breaks: script
            redundancy = sim[:, picked].max(dim=1).values  # breaks: compile
            mmr = self.cfg.lam * rel - (1 - self.cfg.lam) * redundancy
            mmr[picked] = -1e9
            picked.append(int(mmr.argmax()))  # breaks: trace
        return torch.tensor(picked)


def inputs():
    torch.manual_seed(7407)
    return [(torch.randn(6), torch.randn(7, 6)), (torch.randn(6), torch.randn(7, 6))]
