import torch
from torch import Tensor, nn


class LabelEmbedder(nn.Module):
    """DiT-style class embedding: the extra last row is the 'null' label for classifier-free guidance."""

    def __init__(self, num_classes: int, hidden: int):
        super().__init__()
        self.num_classes = num_classes
        self.embedding_table = nn.Embedding(num_classes + 1, hidden)

    def drop_mask(self, labels: Tensor) -> Tensor:
        return labels >= self.num_classes

    def forward(self, labels: Tensor) -> Tensor:
        drop = self.drop_mask(labels)
        if drop.any():  # breaks: compile,export,trace
            labels = torch.where(drop, torch.full_like(labels, self.num_classes), labels)
        return self.embedding_table(labels)


class Model(nn.Module):
    def __init__(self, num_classes: int = 4, hidden: int = 8):
        super().__init__()
        self.y_embedder = LabelEmbedder(num_classes, hidden)
        self.proj = nn.Linear(hidden, hidden)

    def forward(self, x: Tensor, y: Tensor) -> Tensor:
        c = self.y_embedder(y)
        return x + self.proj(c)[:, None, :]


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(3, 5, 8), torch.tensor([0, 2, 3])),
        (torch.randn(3, 5, 8), torch.tensor([1, 7, 9])),
    ]
