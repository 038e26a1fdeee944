import torch as T
from torch import nn as tnn


def top_p_filter(logits: T.Tensor, top_p: float = 0.9) -> T.Tensor:
    sorted_logits, sorted_idx = T.sort(logits, descending=True, dim=-1)
    probs = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
    remove = probs > top_p
    remove[..., 1:] = remove[..., :-1].clone()
    remove[..., 0] = False
    mask = remove.scatter(-1, sorted_idx, remove)
    return logits.masked_fill(mask, float("-inf"))


class Model(tnn.Module):
    def __init__(self, dim: int = 8, vocab: int = 12):
        super().__init__()
        self.lm_head = tnn.Linear(dim, vocab)

    def forward(self, h):
        return top_p_filter(self.lm_head(h))


def inputs():
    return [(T.randn(2, 8),), (T.randn(4, 8) * 2,)]
