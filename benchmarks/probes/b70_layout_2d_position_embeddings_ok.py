# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Spatial2D(nn.Module):
    """LayoutLM-style 2-D position embeddings: normalised box corners become bucket ids."""

    def __init__(self, dim: int = 8, buckets: int = 64):
        super().__init__()
        self.buckets = buckets
        self.x_emb = nn.Embedding(buckets, dim)
        self.y_emb = nn.Embedding(buckets, dim)

    def forward(self, boxes: torch.Tensor, page_size: torch.Tensor) -> torch.Tensor:
        scale = page_size.flip(-1).repeat(2).to(boxes.dtype)
        ids = (boxes / scale * (self.buckets - 1)).round().long().clamp(0, self.buckets - 1)
        return (
            self.x_emb(ids[..., 0])
            + self.y_emb(ids[..., 1])
            + self.x_emb(ids[..., 2])
            + self.y_emb(ids[..., 3])
        )


class Model(nn.Module):
    def __init__(self, vocab: int = 50, dim: int = 8):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.spatial = Spatial2D(dim)
        self.head = nn.Linear(dim, 3)

    def forward(self, ids: torch.Tensor, boxes: torch.Tensor, page_size: torch.Tensor) -> torch.Tensor:
        h = self.tok(ids) + self.spatial(boxes, page_size)
        return self.head(torch.tanh(h))


def inputs():
    torch.manual_seed(7002)
    return [
        (torch.randint(0, 50, (2, 5)), torch.rand(2, 5, 4) * 600, torch.tensor([800, 600])),
        (torch.randint(0, 50, (2, 5)), torch.rand(2, 5, 4) * 1000, torch.tensor([1100, 850])),
    ]
