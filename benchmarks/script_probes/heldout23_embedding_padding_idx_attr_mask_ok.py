# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MeanPooledEmbedding(nn.Module):
    def __init__(self, vocab: int = 20, dim: int = 8, pad: int = 1):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab, dim, padding_idx=pad)

    def forward(self, tokens):
        mask = tokens.ne(self.embed_tokens.padding_idx)
        x = self.embed_tokens(tokens) * mask.unsqueeze(-1).type_as(self.embed_tokens.weight)
        return x.sum(1) / mask.sum(1, keepdim=True).clamp(min=1)


Model = MeanPooledEmbedding


def inputs():
    torch.manual_seed(2316)
    return [
        (torch.tensor([[4, 5, 1, 1], [7, 2, 3, 1]]),),
        (torch.tensor([[9, 1, 1], [3, 3, 12], [1, 1, 1]]),),
    ]
