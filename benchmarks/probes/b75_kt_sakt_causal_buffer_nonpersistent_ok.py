# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """SAKT: exercises attend to past interactions under a causal mask kept as a non-persistent
    buffer sized for the longest sequence and cropped per batch."""

    def __init__(self, n_skills: int = 6, d: int = 8, max_len: int = 12):
        super().__init__()
        self.inter = nn.Embedding(2 * n_skills, d)
        self.exer = nn.Embedding(n_skills, d)
        self.pos = nn.Parameter(torch.randn(max_len, d) * 0.02)
        self.attn = nn.MultiheadAttention(d, 2, batch_first=True)
        self.out = nn.Linear(d, 1)
        mask = torch.triu(torch.ones(max_len, max_len, dtype=torch.bool), diagonal=1)
        self.register_buffer("causal", mask, persistent=False)

    def forward(self, interactions: torch.Tensor, exercises: torch.Tensor) -> torch.Tensor:
        t = interactions.shape[1]
        k = self.inter(interactions) + self.pos[:t]
        q = self.exer(exercises)
        h, _ = self.attn(q, k, k, attn_mask=self.causal[:t, :t], need_weights=False)
        return torch.sigmoid(self.out(h)).squeeze(-1)


def inputs():
    torch.manual_seed(7520)
    return [
        (torch.randint(0, 12, (2, 7)), torch.randint(0, 6, (2, 7))),
        (torch.randint(0, 12, (3, 10)), torch.randint(0, 6, (3, 10))),
    ]
