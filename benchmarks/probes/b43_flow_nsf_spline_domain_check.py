# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F

DEFAULT_MIN_BIN_WIDTH = 1e-3
DEFAULT_MIN_BIN_HEIGHT = 1e-3
DEFAULT_MIN_DERIVATIVE = 1e-3


class InputOutsideDomain(Exception):
    pass


def searchsorted(bin_locations, inputs, eps=1e-6):
    bin_locations[..., -1] += eps
    return torch.sum(inputs[..., None] >= bin_locations, dim=-1) - 1


def rational_quadratic_spline(inputs, widths, heights, derivatives, left=-3.0, right=3.0, bottom=-3.0, top=3.0):
    if torch.min(inputs) < left or torch.max(inputs) > right:
        raise InputOutsideDomain()
    num_bins = widths.shape[-1]
    widths = F.softmax(widths, dim=-1)
    widths = DEFAULT_MIN_BIN_WIDTH + (1 - DEFAULT_MIN_BIN_WIDTH * num_bins) * widths
    cumwidths = F.pad(torch.cumsum(widths, dim=-1), pad=(1, 0), value=0.0)
    cumwidths = (right - left) * cumwidths + left
    cumwidths[..., 0], cumwidths[..., -1] = left, right
    widths = cumwidths[..., 1:] - cumwidths[..., :-1]
    derivatives = DEFAULT_MIN_DERIVATIVE + F.softplus(derivatives)
    heights = F.softmax(heights, dim=-1)
    heights = DEFAULT_MIN_BIN_HEIGHT + (1 - DEFAULT_MIN_BIN_HEIGHT * num_bins) * heights
    cumheights = F.pad(torch.cumsum(heights, dim=-1), pad=(1, 0), value=0.0)
    cumheights = (top - bottom) * cumheights + bottom
    cumheights[..., 0], cumheights[..., -1] = bottom, top
    heights = cumheights[..., 1:] - cumheights[..., :-1]

    bin_idx = searchsorted(cumwidths, inputs)[..., None]
    in_cumwidths = cumwidths.gather(-1, bin_idx)[..., 0]
    in_bin_widths = widths.gather(-1, bin_idx)[..., 0]
    in_cumheights = cumheights.gather(-1, bin_idx)[..., 0]
    delta = heights / widths
    in_delta = delta.gather(-1, bin_idx)[..., 0]
    in_derivatives = derivatives.gather(-1, bin_idx)[..., 0]
    in_derivatives_plus_one = derivatives[..., 1:].gather(-1, bin_idx)[..., 0]
    in_heights = heights.gather(-1, bin_idx)[..., 0]

    theta = (inputs - in_cumwidths) / in_bin_widths
    theta_one_minus_theta = theta * (1 - theta)
    numerator = in_heights * (in_delta * theta.pow(2) + in_derivatives * theta_one_minus_theta)
    denominator = in_delta + ((in_derivatives + in_derivatives_plus_one - 2 * in_delta) * theta_one_minus_theta)
    outputs = in_cumheights + numerator / denominator
    derivative_numerator = in_delta.pow(2) * (in_derivatives_plus_one * theta.pow(2)
                                              + 2 * in_delta * theta_one_minus_theta
                                              + in_derivatives * (1 - theta).pow(2))
    logabsdet = torch.log(derivative_numerator) - 2 * torch.log(denominator)
    return outputs, logabsdet


class PiecewiseRQCoupling(nn.Module):
    def __init__(self, features=4, hidden=16, num_bins=5, tail_bound=3.0):
        super().__init__()
        self.num_bins, self.tail_bound = num_bins, tail_bound
        mask = torch.arange(features) % 2
        self.register_buffer("identity_idx", torch.nonzero(mask == 0).flatten())
        self.register_buffer("transform_idx", torch.nonzero(mask == 1).flatten())
        n_t = int(mask.sum())
        self.net = nn.Sequential(nn.Linear(features - n_t, hidden), nn.ReLU(), nn.Linear(hidden, n_t * (3 * num_bins + 1)))

    def forward(self, x):
        identity, transform = x[:, self.identity_idx], x[:, self.transform_idx]
        params = self.net(identity).view(x.size(0), transform.size(1), -1)
        w, h, d = params[..., : self.num_bins], params[..., self.num_bins : 2 * self.num_bins], params[..., 2 * self.num_bins :]
        b = self.tail_bound
        y, logdet = rational_quadratic_spline(transform, w, h, d, -b, b, -b, b)
        out = torch.empty_like(x)
        out[:, self.identity_idx] = identity
        out[:, self.transform_idx] = y
        return out, logdet.sum(-1)


Model = PiecewiseRQCoupling


def inputs():
    torch.manual_seed(4323)
    return [(torch.randn(6, 4).clamp(-2.5, 2.5),), (torch.randn(6, 4).clamp(-2.9, 2.9) * 0.5,), (torch.rand(3, 4) * 2 - 1,)]
