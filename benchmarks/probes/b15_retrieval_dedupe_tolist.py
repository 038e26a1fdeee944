import torch
import torch.nn.functional as F
from torch import Tensor, nn


class Tower(nn.Module):
    def __init__(self, dim_in: int, dim_out: int):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim_in, dim_out), nn.ReLU(), nn.Linear(dim_out, dim_out))

    def forward(self, x: Tensor) -> Tensor:
        return F.normalize(self.net(x), dim=-1)


class TopKRetriever(nn.Module):
    def __init__(self, k: int = 4, temperature: float = 0.05):
        super().__init__()
        self.k, self.temperature = k, temperature

    def unique_items(self, ids: Tensor, item_groups: list) -> Tensor:
        seen, keep = set(), []
        for pos, idx in enumerate(ids.tolist()):  # breaks: trace
            group = item_groups[idx]  # breaks: compile,export
            if group not in seen:
                seen.add(group)
                keep.append(pos)
        return ids[keep]

    def forward(self, q: Tensor, items: Tensor, item_groups: Tensor) -> Tensor:
        scores, ids = (q @ items.T / self.temperature).topk(self.k)
        return self.unique_items(ids, item_groups.tolist())  # breaks: compile,trace


class Model(nn.Module):
    def __init__(self, d: int = 6):
        super().__init__()
        self.query_tower = Tower(d, 8)
        self.item_tower = Tower(d, 8)
        self.retriever = TopKRetriever()

    def forward(self, query: Tensor, items: Tensor, groups: Tensor) -> Tensor:
        return self.retriever(self.query_tower(query), self.item_tower(items), groups)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(6), torch.randn(10, 6), torch.tensor([0, 0, 1, 1, 2, 2, 3, 3, 4, 4])),
        (torch.randn(6), torch.randn(10, 6), torch.tensor([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])),
    ]
