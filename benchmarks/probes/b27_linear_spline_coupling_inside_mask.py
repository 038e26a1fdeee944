import torch
import torch.nn as nn
import torch.nn.functional as F


def linear_spline(x, unnorm_pdf):
    num_bins = unnorm_pdf.size(-1)
    pdf = F.softmax(unnorm_pdf, dim=-1)
    cdf = F.pad(torch.cumsum(pdf, dim=-1), (1, 0))
    bin_pos = x * num_bins
    bin_idx = bin_pos.floor().long().clamp(0, num_bins - 1)
    alpha = bin_pos - bin_idx.to(x.dtype)
    bin_pdf = pdf.gather(-1, bin_idx[..., None])[..., 0]
    out = cdf.gather(-1, bin_idx[..., None])[..., 0] + alpha * bin_pdf
    return out.clamp(0, 1), torch.log(bin_pdf * num_bins)


def unconstrained_linear_spline(inputs, unnorm_pdf, tail_bound=3.0):
    inside = (inputs >= -tail_bound) & (inputs <= tail_bound)
    outputs = torch.zeros_like(inputs)
    logabsdet = torch.zeros_like(inputs)
    outputs[~inside] = inputs[~inside]
    if inside.any():
        x = (inputs[inside] + tail_bound) / (2 * tail_bound)
        out, ld = linear_spline(x, unnorm_pdf[inside, :])
        outputs[inside] = out * 2 * tail_bound - tail_bound
        logabsdet[inside] = ld
    return outputs, logabsdet


class PiecewiseLinearCoupling(nn.Module):
    def __init__(self, dim=4, num_bins=8, hidden=32, tail_bound=3.0):
        super().__init__()
        self.d1, self.d2, self.num_bins, self.tail_bound = dim // 2, dim - dim // 2, num_bins, tail_bound
        self.conditioner = nn.Sequential(nn.Linear(self.d1, hidden), nn.ReLU(), nn.Linear(hidden, self.d2 * num_bins))

    def forward(self, x):
        identity, transform = x[:, : self.d1], x[:, self.d1:]
        params = self.conditioner(identity).view(-1, self.d2, self.num_bins)
        y, logabsdet = unconstrained_linear_spline(transform, params, self.tail_bound)
        return torch.cat([identity, y], dim=1), logabsdet.sum(-1)


class SplineFlow(nn.Module):
    def __init__(self, dim=4, n_layers=2):
        super().__init__()
        self.layers = nn.ModuleList(PiecewiseLinearCoupling(dim) for _ in range(n_layers))

    def forward(self, x):
        total = x.new_zeros(x.shape[0])
        for layer in self.layers:
            x, ld = layer(x)
            x = x.flip(-1)
            total = total + ld
        return x, total


Model = SplineFlow


def inputs():
    torch.manual_seed(293)
    return [
        (torch.randn(6, 4),),
        (torch.randn(5, 4) * 3,),
    ]
