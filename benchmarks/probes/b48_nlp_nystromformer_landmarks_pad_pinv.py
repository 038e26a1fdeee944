# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def iterative_pinv(mat, iters: int = 6):
    abs_mat = mat.abs()
    col = abs_mat.sum(dim=-1)
    row = abs_mat.sum(dim=-2)
    z = mat.transpose(-1, -2) / (torch.amax(col, dim=-1, keepdim=True) * torch.amax(row, dim=-1, keepdim=True))[..., None]
    eye = torch.eye(mat.shape[-1], device=mat.device, dtype=mat.dtype)
    for _ in range(iters):
        xz = mat @ z
        z = 0.25 * z @ (13 * eye - xz @ (15 * eye - xz @ (7 * eye - xz)))
    return z


class NystromAttention(nn.Module):
    def __init__(self, dim=16, heads=2, num_landmarks=4):
        super().__init__()
        self.heads = heads
        self.m = num_landmarks
        self.scale = (dim // heads) ** -0.5
        self.to_qkv = nn.Linear(dim, dim * 3, bias=False)
        self.to_out = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, _ = x.shape
        m = self.m
        remainder = n % m
        if remainder > 0:
            x = F.pad(x, (0, 0, m - remainder, 0), value=0.0)
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        q, k, v = (t.reshape(b, t.shape[1], self.heads, -1).transpose(1, 2) for t in (q, k, v))
        q = q * self.scale
        l = q.shape[2] // m
        q_land = q.reshape(b, self.heads, m, l, -1).mean(dim=-2)
        k_land = k.reshape(b, self.heads, m, l, -1).mean(dim=-2)
        attn1 = torch.einsum("bhid,bhjd->bhij", q, k_land).softmax(-1)
        attn2 = torch.einsum("bhid,bhjd->bhij", q_land, k_land).softmax(-1)
        attn3 = torch.einsum("bhid,bhjd->bhij", q_land, k).softmax(-1)
        out = attn1 @ iterative_pinv(attn2) @ (attn3 @ v)
        out = out.transpose(1, 2).reshape(b, -1, self.heads * out.shape[-1])
        return self.to_out(out[:, -n:])


Model = NystromAttention


def inputs():
    torch.manual_seed(4823)
    return [(torch.randn(2, 8, 16),), (torch.randn(1, 11, 16),)]
