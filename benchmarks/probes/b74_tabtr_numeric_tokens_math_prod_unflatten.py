# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """Numeric-feature tokenizer for a tabular transformer; features may come as a (B, F) table
    or a (B, G, F/G) grouped table, and are flattened into F tokens of width d."""

    def __init__(self, n_feat: int = 6, d: int = 4):
        super().__init__()
        self.d = d
        self.weight = nn.Parameter(torch.randn(n_feat, d))
        self.bias = nn.Parameter(torch.zeros(n_feat, d))
        self.out = nn.Linear(d, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n_tok = math.prod(x.shape[1:])  # breaks: script
        flat = x.reshape(x.shape[0], n_tok)
        tok = (flat.unsqueeze(-1) * self.weight[:n_tok] + self.bias[:n_tok]).flatten(1)
        tok = tok.unflatten(1, (n_tok, self.d))
        return self.out(torch.relu(tok)).mean(1)


def inputs():
    torch.manual_seed(7410)
    return [(torch.randn(3, 2, 3),), (torch.randn(3, 2, 2),)]
