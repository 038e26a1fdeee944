import torch
import torch.nn as nn
import torch.nn.functional as F


def segsum(x):
    length = x.size(-1)
    cs = x.cumsum(-1)
    seg = cs[..., :, None] - cs[..., None, :]
    keep = torch.tril(torch.ones(length, length, dtype=torch.bool, device=x.device))
    return seg.masked_fill(~keep, float("-inf"))


class SSDLayer(nn.Module):
    """Scalar-decay selective state space layer, computed in its quadratic (attention-like) form."""

    def __init__(self, d_model=16, d_state=8):
        super().__init__()
        self.in_proj = nn.Linear(d_model, 2 * d_model)
        self.dt_proj = nn.Linear(d_model, 1)
        self.B = nn.Linear(d_model, d_state, bias=False)
        self.C = nn.Linear(d_model, d_state, bias=False)
        self.A_log = nn.Parameter(torch.zeros(1))
        self.D = nn.Parameter(torch.ones(d_model))
        self.out_proj = nn.Linear(d_model, d_model)

    def forward(self, u):
        x, z = self.in_proj(u).chunk(2, dim=-1)
        dt = F.softplus(self.dt_proj(u)).squeeze(-1)
        decay = torch.exp(segsum(-torch.exp(self.A_log) * dt))
        scores = torch.einsum("bln,bsn->bls", self.C(u), self.B(u)) * decay
        y = torch.einsum("bls,bs,bsd->bld", scores, dt, x) + x * self.D
        return self.out_proj(y * F.silu(z))


class Model(nn.Module):
    def __init__(self, vocab=50, d_model=16, depth=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.norms = nn.ModuleList(nn.LayerNorm(d_model) for _ in range(depth))
        self.layers = nn.ModuleList(SSDLayer(d_model) for _ in range(depth))
        self.lm_head = nn.Linear(d_model, vocab)

    def forward(self, tokens):
        h = self.embed(tokens)
        for norm, layer in zip(self.norms, self.layers):
            h = h + layer(norm(h))
        return self.lm_head(h)


def inputs():
    torch.manual_seed(3008)
    return [(torch.randint(0, 50, (2, 12)),), (torch.randint(0, 50, (3, 12)),)]
