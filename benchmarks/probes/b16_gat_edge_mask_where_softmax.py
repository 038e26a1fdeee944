import torch
import torch.nn.functional as F
from torch import nn


class DenseGATLayer(nn.Module):
    def __init__(self, cin: int, cout: int, heads: int = 2):
        super().__init__()
        self.heads, self.cout = heads, cout
        self.lin = nn.Linear(cin, heads * cout, bias=False)
        self.att_src = nn.Parameter(torch.randn(heads, cout) * 0.1)
        self.att_dst = nn.Parameter(torch.randn(heads, cout) * 0.1)

    def forward(self, x, adj):
        n = x.size(0)
        h = self.lin(x).view(n, self.heads, self.cout)
        e = (h * self.att_dst).sum(-1).unsqueeze(1) + (h * self.att_src).sum(-1).unsqueeze(0)
        e = F.leaky_relu(e, 0.2)
        mask = (adj > 0).unsqueeze(-1) | torch.eye(n, dtype=torch.bool).unsqueeze(-1)
        e = torch.where(mask, e, torch.full_like(e, float("-inf")))
        alpha = e.softmax(dim=1)
        return torch.einsum("ijh,jhc->ihc", alpha, h).reshape(n, -1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.gat1 = DenseGATLayer(4, 8)
        self.gat2 = DenseGATLayer(16, 4, heads=1)

    def forward(self, x, adj):
        h = F.elu(self.gat1(x, adj))
        return self.gat2(h, adj).log_softmax(-1)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(5, 4), (torch.rand(5, 5) > 0.6).float()),
        (torch.randn(7, 4), (torch.rand(7, 7) > 0.6).float()),
    ]
