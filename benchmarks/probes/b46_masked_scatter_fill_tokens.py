# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PromptFiller(nn.Module):
    """Writes projected image features into the placeholder token slots (in order)."""

    def __init__(self, vocab=16, dim=8, img_dim=6, placeholder=1):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.img_proj = nn.Linear(img_dim, dim)
        self.placeholder = placeholder

    def forward(self, ids, img_feats):
        h = self.embed(ids)
        slots = (ids == self.placeholder).unsqueeze(-1).expand_as(h)
        return h.masked_scatter(slots, self.img_proj(img_feats))


Model = PromptFiller


def inputs():
    torch.manual_seed(4634)
    ids1 = torch.tensor([[1, 1, 5, 6], [1, 1, 7, 3]])
    ids2 = torch.tensor([[4, 1, 1, 9, 2]])
    return [(ids1, torch.randn(2, 2, 6)), (ids2, torch.randn(1, 2, 6))]
