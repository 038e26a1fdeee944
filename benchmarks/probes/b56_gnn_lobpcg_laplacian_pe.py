# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def normalized_laplacian(adj):
    deg = adj.sum(dim=-1)
    d_inv_sqrt = deg.clamp(min=1e-6).rsqrt()
    eye = torch.eye(adj.shape[0], dtype=adj.dtype, device=adj.device)
    return eye - d_inv_sqrt[:, None] * adj * d_inv_sqrt[None, :]


def laplacian_pe(adj, k: int):
    """Low-frequency Laplacian eigenvectors as node positional encodings (graph transformers)."""
    lap = normalized_laplacian(adj)
    _, vecs = torch.lobpcg(lap, k=k + 1, largest=False, tol=1e-6, niter=200)
    vecs = vecs[:, 1:]  # drop the trivial eigenvector
    # eigenvectors are defined up to sign: make the largest entry positive
    idx = vecs.abs().argmax(dim=0)
    sign = torch.sign(vecs.gather(0, idx[None, :]))
    return vecs * sign


class GCNLayer(nn.Module):
    def __init__(self, d_in: int, d_out: int):
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)

    def forward(self, x, adj):
        deg = adj.sum(-1, keepdim=True).clamp(min=1.0)
        return torch.relu(self.lin(adj @ x / deg))


class Model(nn.Module):
    def __init__(self, d_feat: int = 6, d: int = 16, pe_dim: int = 2):
        super().__init__()
        self.pe_dim = pe_dim
        self.pe_proj = nn.Linear(pe_dim, d)
        self.inp = nn.Linear(d_feat, d)
        self.layers = nn.ModuleList([GCNLayer(d, d) for _ in range(2)])
        self.readout = nn.Linear(d, 1)

    def forward(self, x, adj):
        h = self.inp(x) + self.pe_proj(laplacian_pe(adj, self.pe_dim))
        for layer in self.layers:
            h = h + layer(h, adj)
        return self.readout(h.mean(dim=0))


def path_with_chord(n: int):
    adj = torch.zeros(n, n)
    idx = torch.arange(n - 1)
    adj[idx, idx + 1] = 1.0
    adj[1, n // 2 + 1] = 1.0
    return ((adj + adj.t()) > 0).float()


def inputs():
    torch.manual_seed(5609)
    return [(torch.randn(12, 6), path_with_chord(12)), (torch.randn(15, 6), path_with_chord(15))]
