# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class TokenPruner(nn.Module):
    """Keeps the highest-scoring fraction of tokens, but always at least one."""

    def __init__(self, dim: int = 6, keep_ratio: float = 0.3):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.keep_ratio = keep_ratio

    def forward(self, tokens: Tensor) -> Tensor:
        keep = int(max(1, tokens.shape[1] * self.keep_ratio))
        scores = self.score(tokens).squeeze(-1)
        idx = scores.topk(keep, dim=1).indices.sort(dim=1).values
        return tokens.gather(1, idx.unsqueeze(-1).expand(-1, -1, tokens.shape[-1]))


Model = TokenPruner


def inputs():
    torch.manual_seed(3649)
    return [(torch.randn(2, 10, 6),), (torch.randn(1, 2, 6),)]
