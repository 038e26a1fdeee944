import math

import torch
import torch.nn as nn


def orthogonal_gaussian(nb_rows, nb_cols, seed=0):
    g = torch.Generator().manual_seed(seed)
    blocks = [torch.linalg.qr(torch.randn(nb_cols, nb_cols, generator=g))[0].T for _ in range(math.ceil(nb_rows / nb_cols))]
    mat = torch.cat(blocks)[:nb_rows]
    return torch.randn(nb_rows, nb_cols, generator=g).norm(dim=1, keepdim=True) * mat


def softmax_kernel(data, projection, is_query, eps=1e-4):
    d = data.shape[-1]
    data = data * d ** -0.25
    proj = torch.einsum("bhnd,md->bhnm", data, projection)
    diag = (data ** 2).sum(-1, keepdim=True) / 2
    stab = proj.amax(-1, keepdim=True) if is_query else proj.amax(dim=(-1, -2), keepdim=True)
    return (torch.exp(proj - diag - stab) + eps) * projection.shape[0] ** -0.5


class FastAttention(nn.Module):
    def __init__(self, dim_heads=8, nb_features=16, feature_redraw_interval=1000):
        super().__init__()
        self.nb_features, self.dim_heads = nb_features, dim_heads
        self.feature_redraw_interval = feature_redraw_interval
        self.register_buffer("projection_matrix", orthogonal_gaussian(nb_features, dim_heads))
        self.register_buffer("calls_since_last_redraw", torch.tensor(0))

    def redraw_projection_matrix(self):
        self.projection_matrix.copy_(orthogonal_gaussian(self.nb_features, self.dim_heads, seed=int(self.calls_since_last_redraw)))

    def forward(self, q, k, v):
        if self.feature_redraw_interval is not None and self.calls_since_last_redraw >= self.feature_redraw_interval:
            self.redraw_projection_matrix()
            self.calls_since_last_redraw.zero_()
        else:
            self.calls_since_last_redraw += 1
        q = softmax_kernel(q, self.projection_matrix, True)
        k = softmax_kernel(k, self.projection_matrix, False)
        context = torch.einsum("bhnd,bhne->bhde", k, v)
        d_inv = 1.0 / torch.einsum("bhnd,bhd->bhn", q, k.sum(dim=-2))
        return torch.einsum("bhde,bhnd,bhn->bhne", context, q, d_inv)


Model = FastAttention


def inputs():
    torch.manual_seed(3514)
    return [tuple(torch.randn(2, 4, 10, 8) for _ in range(3)), tuple(torch.randn(1, 4, 17, 8) for _ in range(3))]
