import torch
import torch.nn as nn
import torch.nn.functional as F


def entmax15(x, dim=-1):
    x = x / 2
    x = x - x.max(dim=dim, keepdim=True).values
    xs, _ = torch.sort(x, dim=dim, descending=True)
    d = x.shape[dim]
    rho = torch.arange(1, d + 1, device=x.device, dtype=x.dtype)
    view = [1] * x.dim()
    view[dim] = -1
    rho = rho.view(view)
    mean = xs.cumsum(dim) / rho
    mean_sq = (xs ** 2).cumsum(dim) / rho
    ss = rho * (mean_sq - mean ** 2)
    delta_nz = torch.clamp((1 - ss) / rho, min=0)
    tau = mean - torch.sqrt(delta_nz)
    support = (tau <= xs).sum(dim=dim, keepdim=True)
    tau_star = tau.gather(dim, support - 1)
    return torch.clamp(x - tau_star, min=0) ** 2


class ODST(nn.Module):
    def __init__(self, in_features=8, num_trees=6, depth=3, tree_dim=2, choice_function=entmax15):
        super().__init__()
        self.depth, self.num_trees, self.tree_dim = depth, num_trees, tree_dim
        self.choice_function = choice_function
        self.response = nn.Parameter(torch.randn(num_trees, tree_dim, 2 ** depth))
        self.feature_selection_logits = nn.Parameter(torch.randn(in_features, num_trees, depth))
        self.thresholds = nn.Parameter(torch.randn(num_trees, depth) * 0.1)
        self.log_temperatures = nn.Parameter(torch.zeros(num_trees, depth))
        codes = torch.arange(2 ** depth).unsqueeze(0).bitwise_right_shift(torch.arange(depth).unsqueeze(1)) % 2
        self.register_buffer("bin_codes_1hot", torch.stack([codes, 1 - codes], dim=-1).float())

    def forward(self, x):
        selectors = self.choice_function(self.feature_selection_logits, dim=0)
        feature_values = torch.einsum("bi,ind->bnd", x, selectors)
        threshold_logits = (feature_values - self.thresholds) * torch.exp(-self.log_temperatures)
        threshold_logits = torch.stack([-threshold_logits, threshold_logits], dim=-1)
        bins = torch.sigmoid(threshold_logits)
        bin_matches = torch.einsum("btds,dcs->btdc", bins, self.bin_codes_1hot)
        response_weights = torch.prod(bin_matches, dim=-2)
        out = torch.einsum("bnd,ncd->bnc", response_weights, self.response)
        return out.flatten(1)


Model = ODST


def inputs():
    torch.manual_seed(3508)
    return [(torch.randn(5, 8),), (torch.randn(11, 8),)]
