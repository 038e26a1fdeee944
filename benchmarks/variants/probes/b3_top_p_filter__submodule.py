import torch
from torch import nn


def top_p_filter(logits: torch.Tensor, top_p: float = 0.9) -> torch.Tensor:
    sorted_logits, sorted_idx = torch.sort(logits, descending=True, dim=-1)
    probs = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
    remove = probs > top_p
    remove[..., 1:] = remove[..., :-1].clone()
    remove[..., 0] = False
    mask = remove.scatter(-1, sorted_idx, remove)
    return logits.masked_fill(mask, float("-inf"))


class Inner(nn.Module):
    def __init__(self, dim: int = 8, vocab: int = 12):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, h):
        return top_p_filter(self.lm_head(h))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, h):
        return self.inner(h)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(4, 8) * 2,)]
