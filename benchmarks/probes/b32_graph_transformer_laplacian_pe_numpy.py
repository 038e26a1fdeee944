import numpy as np
import torch
import torch.nn as nn


def laplacian_pe(edge_index, num_nodes, k):
    A = np.zeros((num_nodes, num_nodes), dtype=np.float64)
    src, dst = edge_index.cpu().numpy()  # breaks: export,trace
    A[src, dst] = 1.0
    A = np.maximum(A, A.T)
    deg = A.sum(1)
    d_inv_sqrt = np.where(deg > 0, deg ** -0.5, 0.0)
    L = np.eye(num_nodes) - d_inv_sqrt[:, None] * A * d_inv_sqrt[None, :]
    _, vecs = np.linalg.eigh(L)
    pe = vecs[:, 1 : k + 1]
    if pe.shape[1] < k:
        pe = np.pad(pe, ((0, 0), (0, k - pe.shape[1])))
    return torch.from_numpy(pe).float()


class GraphTransformerLayer(nn.Module):
    def __init__(self, dim, heads=2):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ffn = nn.Sequential(nn.Linear(dim, 2 * dim), nn.ReLU(), nn.Linear(2 * dim, dim))
        self.n1, self.n2 = nn.LayerNorm(dim), nn.LayerNorm(dim)

    def forward(self, h, adj_mask):
        a, _ = self.attn(h, h, h, attn_mask=adj_mask)
        h = self.n1(h + a)
        return self.n2(h + self.ffn(h))


class GraphTransformer(nn.Module):
    def __init__(self, in_dim=5, dim=16, pe_dim=4, layers=2):
        super().__init__()
        self.pe_dim = pe_dim
        self.embed_h, self.embed_pe = nn.Linear(in_dim, dim), nn.Linear(pe_dim, dim)
        self.layers = nn.ModuleList(GraphTransformerLayer(dim) for _ in range(layers))
        self.readout = nn.Linear(dim, 1)

    def forward(self, x, edge_index):
        n = x.size(0)
        pe = laplacian_pe(edge_index, n, self.pe_dim).abs()
        h = (self.embed_h(x) + self.embed_pe(pe)).unsqueeze(0)
        adj = torch.zeros(n, n, dtype=torch.bool).index_put_((edge_index[0], edge_index[1]), torch.tensor(True))
        mask = ~(adj | adj.T | torch.eye(n, dtype=torch.bool))
        for layer in self.layers:
            h = layer(h, mask)
        return self.readout(h.squeeze(0).mean(0))


Model = GraphTransformer


def inputs():
    torch.manual_seed(3217)
    ring = lambda n: torch.stack([torch.arange(n), (torch.arange(n) + 1) % n])
    return [(torch.randn(6, 5), ring(6)), (torch.randn(6, 5), torch.tensor([[0, 0, 0, 1, 2], [1, 2, 3, 4, 5]]))]
