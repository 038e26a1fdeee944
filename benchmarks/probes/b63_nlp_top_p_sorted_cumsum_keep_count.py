# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def nucleus_filter(logits: torch.Tensor, top_p: float) -> torch.Tensor:
    """Keep the smallest prefix of the sorted vocabulary whose mass reaches top_p (shared by the
    whole batch, as in a batched generation loop)."""
    probs, order = F.softmax(logits, dim=-1).sort(dim=-1, descending=True)
    mass = probs.cumsum(dim=-1)
    keep = int((mass < top_p).sum(dim=-1).max()) + 1  # breaks: compile,export,trace
    cutoff = probs[..., keep - 1 : keep]
    return logits.masked_fill(F.softmax(logits, dim=-1) < cutoff, float("-inf"))


class Model(nn.Module):
    """LM head that returns nucleus-filtered logits for sampling."""

    def __init__(self, dim: int = 32, vocab: int = 50, top_p: float = 0.9):
        super().__init__()
        self.proj = nn.Linear(dim, vocab)
        self.top_p = top_p

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        return nucleus_filter(self.proj(h[:, -1]), self.top_p)


def inputs():
    torch.manual_seed(6301)
    return [(torch.randn(2, 5, 32),), (torch.randn(3, 7, 32) * 4,)]
