import torch
from torch import nn


class OuterProductMean(nn.Module):
    def __init__(self, d_msa=8, d_hidden=4, d_pair=8):
        super().__init__()
        self.norm = nn.LayerNorm(d_msa)
        self.a = nn.Linear(d_msa, d_hidden)
        self.b = nn.Linear(d_msa, d_hidden)
        self.out = nn.Linear(d_hidden * d_hidden, d_pair)

    def forward(self, msa, mask):
        m = self.norm(msa)
        a = self.a(m) * mask[..., None]
        b = self.b(m) * mask[..., None]
        outer = torch.einsum("bsic,bsjd->bijcd", a, b).flatten(-2)
        norm = torch.einsum("bsi,bsj->bij", mask, mask)[..., None]
        return self.out(outer) / (norm + 1e-3)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.opm = OuterProductMean()
        self.contact = nn.Linear(8, 1)

    def forward(self, msa, msa_mask):
        assert msa_mask.sum(dim=1).min() > 0, "every residue needs at least one aligned sequence"  # breaks: export
        pair = self.opm(msa, msa_mask)
        pair = 0.5 * (pair + pair.transpose(1, 2))
        return torch.sigmoid(self.contact(pair).squeeze(-1))


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(1, 3, 6, 8), torch.ones(1, 3, 6)),
        (torch.randn(1, 3, 6, 8), (torch.rand(1, 3, 6) > 0.3).float().index_fill_(1, torch.tensor([0]), 1.0)),
    ]
