import torch
from torch import Tensor, nn


class MultiHotEncoder(nn.Module):
    """Multi-valued categorical field (e.g. a user's genres) given as a multi-hot matrix."""

    def __init__(self, num_values: int, dim: int):
        super().__init__()
        self.bag = nn.EmbeddingBag(num_values, dim, mode="mean")

    @staticmethod
    def to_bags(multi_hot: Tensor):
        rows, cols = multi_hot.nonzero(as_tuple=True)  # breaks: compile
        counts = torch.bincount(rows, minlength=multi_hot.shape[0])
        offsets = torch.cat([counts.new_zeros(1), counts.cumsum(0)[:-1]])
        return cols, offsets

    def forward(self, multi_hot: Tensor) -> Tensor:
        ids, offsets = self.to_bags(multi_hot)
        return self.bag(ids, offsets)


class Model(nn.Module):
    def __init__(self, num_genres: int = 8, num_users: int = 20, dim: int = 6):
        super().__init__()
        self.user = nn.Embedding(num_users, dim)
        self.genres = MultiHotEncoder(num_genres, dim)
        self.out = nn.Linear(2 * dim, 1)

    def forward(self, user_id: Tensor, genre_multi_hot: Tensor) -> Tensor:
        z = torch.cat([self.user(user_id), self.genres(genre_multi_hot)], dim=-1)
        return torch.sigmoid(self.out(z)).squeeze(-1)


def inputs():
    g1 = torch.tensor(
        [[1, 0, 1, 0, 0, 0, 0, 1], [0, 1, 0, 0, 0, 0, 0, 0], [1, 1, 1, 0, 0, 1, 0, 0]]
    )
    g2 = torch.tensor(
        [[0, 0, 0, 0, 1, 1, 0, 0], [1, 1, 0, 1, 0, 0, 1, 1], [0, 0, 1, 0, 0, 0, 0, 0]]
    )
    return [(torch.tensor([3, 7, 11]), g1), (torch.tensor([0, 19, 5]), g2)]
