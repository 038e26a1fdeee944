# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn

PAD, BOS, EOS = 0, 1, 2


class ContentTokenPool(nn.Module):
    """Mean embedding of the tokens that are not special (pad / bos / eos)."""

    def __init__(self, vocab=20, dim=6):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.register_buffer("special_ids", torch.tensor([PAD, BOS, EOS]), persistent=False)

    def forward(self, ids):
        keep = ~torch.isin(ids, self.special_ids)
        emb = self.embed(ids) * keep.unsqueeze(-1)
        return emb.sum(1) / keep.sum(1, keepdim=True).clamp(min=1)


Model = ContentTokenPool


def inputs():
    torch.manual_seed(3826)
    a = torch.tensor([[1, 5, 7, 2, 0], [1, 9, 4, 11, 2]])
    b = torch.tensor([[1, 3, 2, 0, 0, 0, 0], [1, 6, 8, 19, 12, 13, 2], [1, 2, 0, 0, 0, 0, 0]])
    return [(a,), (b,)]
