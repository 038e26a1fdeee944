from typing import Sequence

import torch
import torch.nn as nn


class CategoricalEmbeddings(nn.Module):
    def __init__(self, cardinalities: Sequence[int], d_token: int):
        super().__init__()
        cards = torch.tensor(list(cardinalities))
        self.register_buffer("cards", cards, persistent=False)
        self.register_buffer("offsets", torch.cat([cards.new_zeros(1), cards[:-1]]).cumsum(0), persistent=False)
        self.embeddings = nn.Embedding(int(cards.sum()), d_token)

    def forward(self, x_cat):
        if (x_cat >= self.cards).any() or (x_cat < 0).any():  # breaks: compile,export
            raise ValueError("categorical feature value out of range")
        return self.embeddings(x_cat + self.offsets)


class NumericalEmbeddings(nn.Module):
    def __init__(self, n_features, d_token):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_features, d_token) * 0.1)
        self.bias = nn.Parameter(torch.zeros(n_features, d_token))

    def forward(self, x_num):
        return x_num[..., None] * self.weight + self.bias


class TabularTokenModel(nn.Module):
    def __init__(self, n_num=3, cards=(4, 6), d=16):
        super().__init__()
        self.num = NumericalEmbeddings(n_num, d)
        self.cat = CategoricalEmbeddings(cards, d)
        layer = nn.TransformerEncoderLayer(d, nhead=2, dim_feedforward=32, batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=1, enable_nested_tensor=False)
        self.out = nn.Linear(d, 1)

    def forward(self, x_num, x_cat):
        tokens = torch.cat([self.num(x_num), self.cat(x_cat)], dim=1)
        return self.out(self.encoder(tokens).mean(dim=1)).squeeze(-1)


Model = TabularTokenModel


def inputs():
    torch.manual_seed(3022)
    cat = lambda b: torch.stack([torch.randint(0, 4, (b,)), torch.randint(0, 6, (b,))], dim=1)
    return [(torch.randn(5, 3), cat(5)), (torch.randn(7, 3), cat(7))]
