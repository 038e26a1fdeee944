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


def model_forward(self, h):
    return top_p_filter(self.lm_head(h))
