import torch
from torch import Tensor, nn


class CategoricalEmbedding(nn.Embedding):
    def _check_ids(self, ids: Tensor) -> None:
        assert ids.max() < self.num_embeddings, (  # breaks: compile,export
            f"id out of range for table of {self.num_embeddings}"
        )

    def forward(self, ids: Tensor) -> Tensor:
        self._check_ids(ids)
        return super().forward(ids)


class Model(nn.Module):
    def __init__(self, vocab_sizes=(10, 6, 4), dim: int = 5):
        super().__init__()
        self.tables = nn.ModuleList(CategoricalEmbedding(v, dim) for v in vocab_sizes)
        self.out = nn.Linear(dim * len(vocab_sizes), 2)

    def forward(self, cats: Tensor) -> Tensor:
        embs = [table(cats[:, i]) for i, table in enumerate(self.tables)]
        return self.out(torch.cat(embs, dim=-1))


def inputs():
    return [
        (torch.tensor([[1, 2, 3], [9, 5, 0]]),),
        (torch.tensor([[0, 0, 0], [4, 1, 2], [7, 3, 1]]),),
    ]
