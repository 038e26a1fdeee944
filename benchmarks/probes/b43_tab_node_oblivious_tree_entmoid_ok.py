# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def sparsemoid(x: torch.Tensor) -> torch.Tensor:
    return (0.5 * x + 0.5).clamp_(0, 1)


def sparsemax(logits: torch.Tensor, dim: int = -1) -> torch.Tensor:
    """Sparsemax by sorting (Martins & Astudillo, 2016)."""
    z, _ = torch.sort(logits, dim=dim, descending=True)
    k = torch.arange(1, logits.size(dim) + 1, device=logits.device, dtype=logits.dtype)
    shape = [1] * logits.dim()
    shape[dim] = -1
    k = k.view(shape)
    cumsum = z.cumsum(dim) - 1
    support = (k * z > cumsum).to(logits.dtype)
    k_z = support.sum(dim=dim, keepdim=True)
    tau = cumsum.gather(dim, k_z.long() - 1) / k_z
    return torch.clamp(logits - tau, min=0)


class ODST(nn.Module):
    """Oblivious differentiable sparsemax tree layer (NODE)."""

    def __init__(self, in_features, num_trees=4, depth=3, tree_dim=1):
        super().__init__()
        self.depth, self.num_trees, self.tree_dim = depth, num_trees, tree_dim
        self.response = nn.Parameter(torch.randn(num_trees, tree_dim, 2 ** depth))
        self.feature_selection_logits = nn.Parameter(torch.rand(in_features, num_trees, depth))
        self.feature_thresholds = nn.Parameter(torch.randn(num_trees, depth))
        self.log_temperatures = nn.Parameter(torch.zeros(num_trees, depth))
        indices = torch.arange(2 ** depth)
        offsets = 2 ** torch.arange(depth)
        bin_codes = (indices.view(1, -1) // offsets.view(-1, 1) % 2).float()
        self.register_buffer("bin_codes_1hot", torch.stack([bin_codes, 1.0 - bin_codes], dim=-1), persistent=False)

    def forward(self, x):
        selectors = sparsemax(self.feature_selection_logits, dim=0)
        feature_values = torch.einsum("bi,ind->bnd", x, selectors)
        threshold_logits = (feature_values - self.feature_thresholds) * torch.exp(-self.log_temperatures)
        threshold_logits = torch.stack([-threshold_logits, threshold_logits], dim=-1)
        bins = sparsemoid(threshold_logits)
        bin_matches = torch.einsum("btds,dcs->btdc", bins, self.bin_codes_1hot)
        response_weights = torch.prod(bin_matches, dim=-2)
        response = torch.einsum("bnd,ncd->bnc", response_weights, self.response)
        return response.flatten(1, 2)


class NODE(nn.Module):
    def __init__(self, in_features=6, num_layers=2, num_trees=4, depth=3, n_out=2):
        super().__init__()
        layers, dim = [], in_features
        for _ in range(num_layers):
            layers.append(ODST(dim, num_trees, depth))
            dim += num_trees
        self.layers = nn.ModuleList(layers)
        self.head = nn.Linear(num_trees * num_layers, n_out)

    def forward(self, x):
        initial = x.shape[-1]
        for layer in self.layers:
            x = torch.cat([x, layer(x)], dim=-1)
        return self.head(x[..., initial:])


Model = NODE


def inputs():
    torch.manual_seed(4316)
    return [(torch.randn(4, 6),), (torch.randn(7, 6),)]
