# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def scatter_mean(src, index, dim_size):
    out = src.new_zeros(dim_size, src.size(-1)).index_add_(0, index, src)
    cnt = src.new_zeros(dim_size).index_add_(0, index, src.new_ones(index.numel()))
    return out / cnt.clamp(min=1).unsqueeze(-1)


def scatter_reduce(src, index, dim_size, reduce):
    out = src.new_zeros(dim_size, src.size(-1))
    idx = index.unsqueeze(-1).expand_as(src)
    return out.scatter_reduce(0, idx, src, reduce=reduce, include_self=False)


class PNAConv(nn.Module):
    """Principal Neighbourhood Aggregation: several aggregators times degree scalers."""

    def __init__(self, in_dim=8, out_dim=8, avg_log_deg=1.2, aggregators=("mean", "amax", "amin", "std"), scalers=("identity", "amplification", "attenuation")):
        super().__init__()
        self.aggregators = aggregators
        self.scalers = scalers
        self.avg_log_deg = avg_log_deg
        self.pre = nn.Linear(2 * in_dim, in_dim)
        self.post = nn.Linear(in_dim * (len(aggregators) * len(scalers) + 1), out_dim)

    def aggregate(self, msg, dst, n):
        outs = []
        for aggr in self.aggregators:
            if aggr == "mean":
                outs.append(scatter_mean(msg, dst, n))
            elif aggr == "std":
                mean = scatter_mean(msg, dst, n)
                mean_sq = scatter_mean(msg * msg, dst, n)
                outs.append(torch.sqrt(torch.relu(mean_sq - mean * mean) + 1e-5))
            else:
                outs.append(scatter_reduce(msg, dst, n, aggr))
        return torch.cat(outs, dim=-1)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index
        n = x.size(0)
        msg = self.pre(torch.cat([x[dst], x[src]], dim=-1))
        out = self.aggregate(msg, dst, n)
        deg = torch.bincount(dst, minlength=n).clamp(min=1).to(x.dtype)  # breaks: compile
        log_deg = torch.log(deg + 1).unsqueeze(-1)
        scaled = []
        for scaler in self.scalers:
            if scaler == "identity":
                scaled.append(out)
            elif scaler == "amplification":
                scaled.append(out * (log_deg / self.avg_log_deg))
            else:
                scaled.append(out * (self.avg_log_deg / log_deg))
        return self.post(torch.cat([x] + scaled, dim=-1))


class PNANet(nn.Module):
    def __init__(self, dim=8, layers=2):
        super().__init__()
        self.convs = nn.ModuleList([PNAConv(dim, dim) for _ in range(layers)])
        self.norms = nn.ModuleList([nn.LayerNorm(dim) for _ in range(layers)])

    def forward(self, x, edge_index):
        for conv, norm in zip(self.convs, self.norms):
            x = x + torch.relu(norm(conv(x, edge_index)))
        return x.mean(dim=0)


Model = PNANet


def inputs():
    torch.manual_seed(3909)
    e1 = torch.tensor([[0, 1, 2, 3, 4, 0, 2], [1, 2, 3, 4, 0, 2, 4]])
    e2 = torch.randint(0, 7, (2, 15))
    e2[1, :7] = torch.arange(7)
    return [(torch.randn(5, 8), e1), (torch.randn(7, 8), e2)]
