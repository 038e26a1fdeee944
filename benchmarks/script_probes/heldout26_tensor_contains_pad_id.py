# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TokenEncoder(nn.Module):
    """Bag-of-embeddings encoder that only builds a padding mask when padding occurs."""

    def __init__(self, vocab: int = 20, dim: int = 6, pad_id: int = 0):
        super().__init__()
        self.pad_id = pad_id
        self.embed = nn.Embedding(vocab, dim)

    def forward(self, tokens):
        h = self.embed(tokens)
        if self.pad_id in tokens:
            keep = (tokens != self.pad_id).unsqueeze(-1).to(h.dtype)
            return (h * keep).sum(1) / keep.sum(1).clamp(min=1.0)
        return h.mean(1)


Model = TokenEncoder


def inputs():
    torch.manual_seed(2607)
    return [
        (torch.tensor([[3, 5, 0, 0], [7, 1, 2, 9]]),),
        (torch.tensor([[4, 8, 11], [2, 6, 13], [1, 1, 19]]),),
    ]
