import torch
from torch import nn


class Model(nn.Module):
    """Replaces image placeholder tokens with projected vision features (LLaVA style)."""

    def __init__(self, vocab=16, dim=8, image_token=3):
        super().__init__()
        self.image_token = image_token
        self.embed = nn.Embedding(vocab, dim)
        self.vision_proj = nn.Linear(5, dim)

    def forward(self, ids, patches):
        emb = self.embed(ids)
        mask = (ids == self.image_token).unsqueeze(-1).expand_as(emb)
        vis = self.vision_proj(patches)
        return emb.masked_scatter(mask, vis)


def inputs():
    torch.manual_seed(26)
    ids1 = torch.tensor([[3, 3, 5, 7], [3, 3, 1, 2]])
    ids2 = torch.tensor([[1, 3, 3, 2], [5, 6, 3, 3]])
    return [(ids1, torch.randn(4, 5)), (ids2, torch.randn(4, 5))]
