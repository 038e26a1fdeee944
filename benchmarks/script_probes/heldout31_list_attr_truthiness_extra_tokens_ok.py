# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class TokenEncoder(nn.Module):
    """Encoder that appends special tokens only when the config lists some."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.special_ids = [0, 2]
        self.embed = nn.Embedding(10, dim)
        self.mix = nn.Linear(dim, dim)

    def forward(self, ids: Tensor) -> Tensor:
        x = self.embed(ids)
        if self.special_ids:
            extra = self.embed(torch.tensor(self.special_ids)).unsqueeze(0)
            x = torch.cat([extra.expand(x.shape[0], -1, -1), x], dim=1)
        return self.mix(x).mean(1)


Model = TokenEncoder


def inputs():
    torch.manual_seed(3108)
    return [(torch.randint(0, 10, (2, 5)),), (torch.randint(0, 10, (3, 7)),)]
