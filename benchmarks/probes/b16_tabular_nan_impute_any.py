from typing import Sequence

import torch
from torch import nn


class FeatureTokenizer(nn.Module):
    def __init__(self, n_num: int, cardinalities: Sequence[int], dim: int):
        super().__init__()
        self.register_buffer("num_mean", torch.zeros(n_num))
        self.register_buffer("num_std", torch.ones(n_num))
        self.num_weight = nn.Parameter(torch.randn(n_num, dim) * 0.1)
        self.cat_tables = nn.ModuleList(nn.Embedding(c, dim) for c in cardinalities)

    @staticmethod
    def _impute(x):
        if torch.isnan(x).any():  # breaks: compile,export,trace
            x = torch.nan_to_num(x, nan=0.0)
        return x

    def forward(self, x_num, x_cat):
        x_num = self._impute(x_num)
        z = (x_num - self.num_mean) / self.num_std
        num_tokens = z.unsqueeze(-1) * self.num_weight
        cat_tokens = [table(x_cat[:, i]) for i, table in enumerate(self.cat_tables)]
        return torch.cat([num_tokens, torch.stack(cat_tokens, dim=1)], dim=1)


class Model(nn.Module):
    def __init__(self, n_num: int = 4, cards=(5, 3, 7), dim: int = 8):
        super().__init__()
        self.tokenizer = FeatureTokenizer(n_num, cards, dim)
        self.block = nn.TransformerEncoderLayer(dim, 2, 16, dropout=0.0, batch_first=True)
        self.head = nn.Linear(dim * (n_num + len(cards)), 1)

    def forward(self, x_num, x_cat):
        tokens = self.block(self.tokenizer(x_num, x_cat))
        return self.head(tokens.flatten(1))


def inputs():
    torch.manual_seed(0)
    cat = lambda n: torch.stack(
        [torch.randint(0, 5, (n,)), torch.randint(0, 3, (n,)), torch.randint(0, 7, (n,))], 1
    )
    nums = torch.randn(5, 4)
    nums[1, 2] = float("nan")
    return [(torch.randn(3, 4), cat(3)), (nums, cat(5))]
