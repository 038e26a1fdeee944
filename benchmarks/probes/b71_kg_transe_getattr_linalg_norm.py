# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """TransE knowledge-graph scorer: -|| h + r - t || with the norm chosen by name in the config."""

    def __init__(self, n_ent: int = 10, n_rel: int = 4, dim: int = 6, norm: str = "vector_norm"):
        super().__init__()
        self.ent = nn.Embedding(n_ent, dim)
        self.rel = nn.Embedding(n_rel, dim)
        self.norm_name = norm

    def forward(self, head: torch.Tensor, rel: torch.Tensor, tail: torch.Tensor) -> torch.Tensor:
        norm_fn = getattr(torch.linalg, self.norm_name)  # breaks: script
        return -norm_fn(self.ent(head) + self.rel(rel) - self.ent(tail), dim=-1)


def inputs():
    torch.manual_seed(7114)
    return [
        (torch.randint(0, 10, (5,)), torch.randint(0, 4, (5,)), torch.randint(0, 10, (5,))),
        (torch.randint(0, 10, (3,)), torch.randint(0, 4, (3,)), torch.randint(0, 10, (3,))),
    ]
