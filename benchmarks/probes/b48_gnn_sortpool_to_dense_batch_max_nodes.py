# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def to_dense_batch(x: Tensor, batch: Tensor, fill_value: float = 0.0):
    num_graphs = int(batch.max()) + 1
    counts = torch.bincount(batch, minlength=num_graphs)
    max_nodes = int(counts.max())
    cum = torch.cat([counts.new_zeros(1), counts.cumsum(0)[:-1]])
    pos = torch.arange(batch.numel(), device=x.device) - cum[batch]
    out = x.new_full((num_graphs, max_nodes, x.size(-1)), fill_value)
    out[batch, pos] = x
    mask = torch.zeros(num_graphs, max_nodes, dtype=torch.bool, device=x.device)
    mask[batch, pos] = True
    return out, mask


class SortPoolNet(nn.Module):
    """DGCNN-style SortPool readout: keep the k nodes with the largest last channel."""

    def __init__(self, in_dim=5, hidden=8, k=3, num_classes=2):
        super().__init__()
        self.k = k
        self.lin = nn.Linear(in_dim, hidden)
        self.conv1d = nn.Conv1d(hidden, hidden, kernel_size=k)
        self.head = nn.Linear(hidden, num_classes)

    def forward(self, x, batch):
        h = torch.tanh(self.lin(x))
        fill = float(h.min()) - 1.0
        dense, mask = to_dense_batch(h, batch, fill)
        order = dense[:, :, -1].argsort(dim=-1, descending=True)
        dense = torch.gather(dense, 1, order[..., None].expand_as(dense))
        n = dense.size(1)
        if n >= self.k:
            dense = dense[:, : self.k]
        else:
            dense = torch.cat([dense, dense.new_full((dense.size(0), self.k - n, dense.size(2)), fill)], dim=1)
        dense = dense.masked_fill(dense == fill, 0.0)
        out = self.conv1d(dense.transpose(1, 2)).squeeze(-1)
        return self.head(torch.relu(out))


Model = SortPoolNet


def inputs():
    torch.manual_seed(4822)
    return [
        (torch.randn(9, 5), torch.tensor([0, 0, 0, 0, 1, 1, 1, 2, 2])),
        (torch.randn(5, 5), torch.tensor([0, 0, 1, 1, 1])),
    ]
