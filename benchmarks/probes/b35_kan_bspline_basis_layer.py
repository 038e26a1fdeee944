import torch
import torch.nn as nn
import torch.nn.functional as F


def b_splines(x, grid, spline_order: int):
    x = x.unsqueeze(-1)
    bases = ((x >= grid[:, :-1]) & (x < grid[:, 1:])).to(x.dtype)
    for k in range(1, spline_order + 1):
        left = (x - grid[:, : -(k + 1)]) / (grid[:, k:-1] - grid[:, : -(k + 1)])
        right = (grid[:, k + 1 :] - x) / (grid[:, k + 1 :] - grid[:, 1:(-k)])
        bases = left * bases[:, :, :-1] + right * bases[:, :, 1:]
    return bases.contiguous()


class KANLinear(nn.Module):
    def __init__(self, in_features, out_features, grid_size=5, spline_order=3, grid_range=(-1.0, 1.0)):
        super().__init__()
        self.in_features, self.out_features, self.spline_order = in_features, out_features, spline_order
        h = (grid_range[1] - grid_range[0]) / grid_size
        grid = torch.arange(-spline_order, grid_size + spline_order + 1) * h + grid_range[0]
        self.register_buffer("grid", grid.expand(in_features, -1).contiguous())
        self.base_weight = nn.Parameter(torch.randn(out_features, in_features) * 0.3)
        self.spline_weight = nn.Parameter(torch.randn(out_features, in_features, grid_size + spline_order) * 0.1)
        self.base_activation = nn.SiLU()

    def forward(self, x):
        lead = x.shape[:-1]
        x = x.reshape(-1, self.in_features)
        base = F.linear(self.base_activation(x), self.base_weight)
        spline = F.linear(b_splines(x, self.grid, self.spline_order).view(x.size(0), -1),
                          self.spline_weight.view(self.out_features, -1))
        return (base + spline).view(*lead, self.out_features)


class KAN(nn.Module):
    def __init__(self, widths=(4, 16, 3)):
        super().__init__()
        self.layers = nn.ModuleList(KANLinear(a, b) for a, b in zip(widths[:-1], widths[1:]))

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


Model = KAN


def inputs():
    torch.manual_seed(3507)
    return [(torch.rand(8, 4) * 2 - 1,), (torch.rand(13, 4) * 1.6 - 0.8,)]
