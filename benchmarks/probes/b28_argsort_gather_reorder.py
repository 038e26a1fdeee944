import torch
from torch import nn
from torch import Tensor


def reorder_by_score(tokens: Tensor, scores: Tensor) -> Tensor:
    order = scores.argsort(dim=-1, descending=True)
    return torch.gather(tokens, 1, order[..., None].expand_as(tokens))


class Model(nn.Module):
    def __init__(self, dim=8, keep=3):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.keep = keep

    def forward(self, tokens):
        s = self.score(tokens).squeeze(-1)
        ranked = reorder_by_score(tokens, s)
        return ranked[:, : self.keep].mean(1)


def inputs():
    torch.manual_seed(32)
    return [(torch.randn(2, 6, 8),), (torch.randn(3, 6, 8),)]
