# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """FT-Transformer style tokenizer: one linear embedding per numeric column, mean-pooled."""

    def __init__(self, n_num: int = 4, dim: int = 6):
        super().__init__()
        self.n_num = n_num
        self.num_embs = nn.ModuleList([nn.Linear(1, dim) for _ in range(n_num)])
        self.head = nn.Linear(dim, 1)

    def forward(self, x_num: torch.Tensor) -> torch.Tensor:
        tokens = []
        for i in range(self.n_num):
            tokens.append(self.num_embs[i](x_num[:, i : i + 1]))  # breaks: script
        return self.head(torch.stack(tokens, 1).mean(1)).squeeze(-1)


def inputs():
    torch.manual_seed(7116)
    return [(torch.randn(5, 4),), (torch.randn(3, 4),)]
