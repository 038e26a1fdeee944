import torch
from torch import nn


def safe_cholesky(cov: torch.Tensor, jitter: float = 1e-4) -> torch.Tensor:
    try:
        return torch.linalg.cholesky(cov)
    except RuntimeError:
        eye = torch.eye(cov.shape[-1], dtype=cov.dtype)
        return torch.linalg.cholesky(cov + jitter * eye)


class GaussianHead(nn.Module):
    def __init__(self, hidden: int, dim: int):
        super().__init__()
        self.dim = dim
        self.mean = nn.Linear(hidden, dim)
        self.factor = nn.Linear(hidden, dim * dim)

    def forward(self, h):
        a = self.factor(h).view(-1, self.dim, self.dim)
        cov = a @ a.transpose(-1, -2)
        return self.mean(h), safe_cholesky(cov)


class Model(nn.Module):
    def __init__(self, in_dim: int = 5, hidden: int = 16, out_dim: int = 2):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, hidden), nn.Tanh())
        self.head = GaussianHead(hidden, out_dim)

    def forward(self, x, y):
        mu, scale_tril = self.head(self.body(x))
        diff = torch.linalg.solve_triangular(scale_tril, (y - mu).unsqueeze(-1), upper=False)
        logdet = scale_tril.diagonal(dim1=-2, dim2=-1).log().sum(-1)
        return -0.5 * diff.squeeze(-1).pow(2).sum(-1) - logdet


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 5), torch.randn(4, 2)), (torch.randn(6, 5), torch.randn(6, 2))]
